import { get, request } from '../../dataProvider/axios';
import type { LumenSchema } from '../../schemas/types';
import type { DiffEntry } from '../../schemas/json-diff';

export interface SchemaSummary {
  id: string;
  version: number;
  title: string;
  description: string;
}

export interface SchemaVersion {
  version: number;
  body: LumenSchema;
  authorId: number | null;
  authorName: string | null;
  createdAt: string | null;
  note: string;
  diff: DiffEntry[];
}

const path = (id: string) => `/api/schemas/${encodeURIComponent(id)}`;

export const fetchAccess = () => get<{ staff: boolean }>('/api/schemas/access');
export const listSchemas = () => get<{ list: SchemaSummary[]; total: number }>('/api/schemas');
export const fetchCurrent = (id: string) => get<{ id: string; version: number; body: LumenSchema }>(path(id));
export const fetchVersions = (id: string) => get<{ list: SchemaVersion[] }>(`${path(id)}/versions`);
export const saveSchema = (id: string, body: unknown, note: string, baseVersion: number) =>
  request<{ version: number; body: LumenSchema }>('PUT', path(id), { body, note, baseVersion }, { json: true });
export const rollbackSchema = (id: string, version: number) =>
  request<{ version: number; body: LumenSchema }>('POST', `${path(id)}/rollback`, { version }, { json: true });

/** A payment owed back through its own channel (GET /api/admin/refunds/list): it granted nothing, or staff refunded its order. */
export interface RefundDue {
  id: number;
  orderId: number;
  orderNo: string;
  userId: number;
  userName: string | null;
  provider: 'wechat' | 'alipay' | 'wallet';
  transactionId: string;
  amountCents: number;
  reason: 'paid_twice' | 'paid_after_close' | 'amount_mismatch' | 'order_refunded' | 'unused_quota';
  /** Staff's reason of an order refund. */
  note: string;
  status: 'due' | 'processing' | 'refunded';
  refundNo: string;
  providerRefundId: string | null;
  settledAt: string | null;
  createdAt: string;
}

export const listRefunds = (status: 'due' | 'refunded', page: number, pageSize: number) =>
  get<{ list: RefundDue[]; total: number }>('/api/admin/refunds/list', { status, page, pageSize });
export const settleRefund = (id: number) =>
  request<RefundDue>('POST', `/api/admin/refunds/${id}/settle`, {}, { json: true });

/** Refunds a paid order in full (lumen:forms/order-refund): licences revoked, creators' shares reversed, paid back. */
export const refundOrder = (form: Record<string, any>) =>
  request<RefundDue>('POST', '/api/admin/refunds/order', form, { json: true });
