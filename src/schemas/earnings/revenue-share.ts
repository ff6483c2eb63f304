import type { LumenSchema } from '../types';
import bundled from './revenue-share.json';

/**
 * The revenue-share rule (lumen:earnings/revenue-share) as values: staff edit the numbers in the
 * schema's `x-revenue-share` at /admin (its properties document each one), and the schema check
 * refuses an edit crediting could not use (revenueShareProblems). Pure: shared by the server
 * (which credits with it) and the client (which explains it).
 */
export const REVENUE_SHARE_ID = 'lumen:earnings/revenue-share';

export interface RevenueShare {
  /** Percent of a line's paid amount credited to the work's owner. */
  defaultPercent: number;
  /** Percent for creators with an exclusive contributor agreement. */
  exclusivePercent: number;
  /** Days a credit is held before it can be withdrawn (refunds within it cost the creator nothing). */
  holdDays: number;
}

export function revenueShareOf(schema: LumenSchema | Record<string, any> = bundled): RevenueShare {
  const v = (schema['x-revenue-share'] ?? {}) as RevenueShare;
  return {
    defaultPercent: Number(v.defaultPercent),
    exclusivePercent: Number(v.exclusivePercent),
    holdDays: Number(v.holdDays),
  };
}

const BOUNDS: Record<keyof RevenueShare, { label: string; max: number; integer: boolean }> = {
  defaultPercent: { label: '默认分成比例', max: 100, integer: false },
  exclusivePercent: { label: '独家签约创作者分成比例', max: 100, integer: false },
  holdDays: { label: '结算周期', max: 365, integer: true },
};

/**
 * Chinese refusals for an edited rule that crediting could not use ([] = usable). The bounds are
 * fixed here, not read from the edited schema, so an edit cannot widen them.
 */
export function revenueShareProblems(schema: Record<string, any>): string[] {
  const v = schema['x-revenue-share'];
  if (!v || typeof v !== 'object' || Array.isArray(v)) return ['缺少分成规则（x-revenue-share）'];
  const out: string[] = [];
  for (const [key, b] of Object.entries(BOUNDS)) {
    const n = v[key];
    if (typeof n !== 'number' || !Number.isFinite(n)) out.push(`${b.label}必须是数字`);
    else if (n < 0 || n > b.max) out.push(`${b.label}必须在 0 到 ${b.max} 之间`);
    else if (b.integer && !Number.isInteger(n)) out.push(`${b.label}必须是整数（天）`);
    else if (!b.integer && Math.abs(Math.round(n * 100) - n * 100) > 1e-9) out.push(`${b.label}最多保留两位小数`);
  }
  return out;
}

/**
 * What one creator earns from a line: the percent of the paid amount, cents below one dropped (the
 * platform never credits more than the rule says).
 */
export const shareOf = (grossCents: number, percent: number): number =>
  Math.floor((grossCents * Math.round(percent * 100)) / 10000);

/**
 * Splits an order's paid amount over its lines in proportion to their list prices (a coupon lowers
 * every line alike); cents left by rounding go to the first lines, so the parts add up exactly.
 */
export function allocatePaid(priceCents: number[], paidCents: number): number[] {
  const subtotal = priceCents.reduce((s, p) => s + p, 0);
  if (subtotal <= 0) return priceCents.map(() => 0);
  const parts = priceCents.map((p) => Math.floor((p * paidCents) / subtotal));
  let left = paidCents - parts.reduce((s, p) => s + p, 0);
  for (let i = 0; left > 0 && i < parts.length; i++, left--) parts[i] += 1;
  return parts;
}
