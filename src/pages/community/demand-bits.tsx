import { Tag } from 'antd';
import { enumLabel, statusColor } from '../../schemas/registry';
import { formatMoney } from '../../resources/views/cells';
import type { Demand } from './community-api';

/** Schemas the demand pages label with (status table, material types, licence scenarios). */
export const DEMAND_SCHEMAS = ['lumen:status/community-demand', 'lumen:enums/material-type', 'lumen:licence/use-cases'];

export const DemandStatusTag = ({ status }: { status: Demand['status'] }) => (
  <Tag color={statusColor('lumen:status/community-demand', status)} data-testid="demand-status">
    {enumLabel('lumen:status/community-demand', status)}
  </Tag>
);

export const ModeTag = ({ mode }: { mode: Demand['mode'] }) =>
  mode === 'bounty' ? <Tag color="volcano">悬赏</Tag> : <Tag color="geekblue">竞标</Tag>;

/** "赏金 ¥800.00（已托管）" or "预算 ≤ ¥150.00". */
export function moneyLine(d: Pick<Demand, 'mode' | 'budgetCents' | 'priceCents' | 'status'>): string {
  if (d.mode === 'bounty')
    return `赏金 ${formatMoney(d.budgetCents)}${['open', 'in_progress', 'delivered', 'disputed'].includes(d.status) ? '（已托管）' : ''}`;
  return d.priceCents ? `成交价 ${formatMoney(d.priceCents)}` : `预算 ≤ ${formatMoney(d.budgetCents)}`;
}

export const materialTypeLabel = (t: number) => enumLabel('lumen:enums/material-type', t);
export const scenarioLabel = (s: string) => enumLabel('lumen:licence/use-cases', s);
