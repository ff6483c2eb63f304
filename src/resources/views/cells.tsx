import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { ColumnRender } from '../types';
import { enumOptions, statusLabel, labelOf } from '../registry';

/** ¥ from integer cents (money is stored in cents end to end). */
export function formatMoney(cents: unknown): string {
  const n = Number(cents);
  return Number.isFinite(n) ? `¥${(n / 100).toFixed(2)}` : '-';
}

export function formatDateTime(v: unknown): string {
  return v ? dayjs(v as string).format('YYYY-MM-DD HH:mm') : '-';
}

/** A status value as an antd Tag, label and colour from the registry's status table. */
export function StatusTag({ table, value }: { table: string; value: unknown }) {
  const s = statusLabel(table, value);
  return <Tag color={s.color}>{s.label}</Tag>;
}

/** Draws one cell value according to a column's render rule (an optional column draws '-' when empty). */
export function renderCell(rule: ColumnRender | undefined, value: unknown, optional = false): ReactNode {
  if (value === null || value === undefined || value === '')
    return rule?.startsWith('status:') && !optional ? renderCell(rule, -1) : '-';
  if (!rule || rule === 'text') return Array.isArray(value) ? value.join('、') : String(value);
  if (rule === 'money') return formatMoney(value);
  if (rule === 'percent') return `${Number(value)}%`;
  if (rule === 'datetime') return formatDateTime(value);
  if (rule.startsWith('status:')) return <StatusTag table={rule.slice(7)} value={value} />;
  if (rule.startsWith('enum:')) {
    const id = rule.slice(5);
    return Array.isArray(value) ? value.map((v) => labelOf(id, v)).join('、') : labelOf(id, value);
  }
  return String(value);
}

export { enumOptions };
