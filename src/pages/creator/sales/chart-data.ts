import dayjs from 'dayjs';
import type { SalesSummary } from '../../../schemas/api/earnings';

/** Longest run of days the time chart draws day by day; longer spans are summed per month. */
const MAX_DAYS = 120;

export interface Series {
  labels: string[];
  /** Yuan, two decimals, one per label. */
  values: number[];
}

const yuan = (cents: number) => Math.round(cents) / 100;

/**
 * Earnings over time from the summary's per-day sums: every day between the first and last sale
 * (days without sales are 0, so the line does not skip them), or per month when that is too many.
 */
export function earningsOverTime(byDay: SalesSummary['byDay']): Series {
  if (!byDay.length) return { labels: [], values: [] };
  const first = dayjs(byDay[0].day);
  const last = dayjs(byDay[byDay.length - 1].day);
  const monthly = last.diff(first, 'day') + 1 > MAX_DAYS;
  const unit = monthly ? 'month' : 'day';
  const fmt = monthly ? 'YYYY-MM' : 'YYYY-MM-DD';
  const sums = new Map<string, number>();
  for (const d of byDay) {
    const key = dayjs(d.day).format(fmt);
    sums.set(key, (sums.get(key) ?? 0) + d.amountCents);
  }
  const labels: string[] = [];
  for (let at = first.startOf(unit); !at.isAfter(last, unit); at = at.add(1, unit)) labels.push(at.format(fmt));
  return { labels, values: labels.map((l) => yuan(sums.get(l) ?? 0)) };
}

/** Earnings by work, largest first as the server sends them (top 10). */
export function earningsByWork(byWork: SalesSummary['byWork']): Series {
  return { labels: byWork.map((w) => w.title), values: byWork.map((w) => yuan(w.amountCents)) };
}
