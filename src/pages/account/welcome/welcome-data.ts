import { pageLinks } from '../../../routes/page-links';
import type { CrudFilter } from '@refinedev/core';
import { dataProvider } from '../../../dataProvider';
import enumsOwnerType from '../../../schemas/enums/owner-type.json';
import { tableLabel } from '../../../schemas/registry';

/** One summary figure of the welcome page: a count from an /api list endpoint and where it links. */
export interface SummaryItem {
  key: string;
  label: string;
  apiPath: string;
  filters?: CrudFilter[];
  to: string;
}

export const SUMMARY: SummaryItem[] = [
  { key: 'orders', label: '我的订单', apiPath: 'order', to: '/account/order' },
  { key: 'licences', label: '授权记录', apiPath: 'order/authrecord', to: '/account/authrecord' },
  { key: 'albums', label: '收藏夹', apiPath: 'collect', to: '/account/collect' },
  // Coupon status 1 = usable (lumen:status/coupon).
  {
    key: 'coupons',
    label: '可用优惠券',
    apiPath: 'discount',
    filters: [{ field: 'status', operator: 'eq', value: 1 }],
    to: '/account/coupon',
  },
];

/** Shortcuts below the figures, as route names (titles and paths come from the route table). */
export const QUICK_LINKS = pageLinks(['Cart', 'MyAuth', 'HistoryList', 'Ticket', 'MyDeposit', 'Search']);

/** The totals of every summary list, read through the shared data provider (one row per list). */
export async function loadSummary(): Promise<Record<string, number>> {
  const totals = await Promise.all(
    SUMMARY.map((s) =>
      dataProvider.getList({
        resource: s.apiPath,
        meta: { apiPath: s.apiPath },
        pagination: { current: 1, pageSize: 1 },
        filters: s.filters,
      }),
    ),
  );
  return Object.fromEntries(SUMMARY.map((s, i) => [s.key, totals[i].total]));
}

/** 个人用户 / 企业用户: the owner type's label from its table, as the kind of account. */
export const OWNER_TYPE_LABELS = {
  PERSONAL: `${tableLabel(enumsOwnerType, 'PERSONAL')}用户`,
  ORGANISATIONS: `${tableLabel(enumsOwnerType, 'ORGANISATIONS')}用户`,
} as const;
