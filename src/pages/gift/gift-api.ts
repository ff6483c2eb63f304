import { get, postJson } from '../../dataProvider/axios';
import type {
  BoughtGiftCard as BoughtCard,
  GiftCardOrder,
  GiftCardRedeemed,
} from '../../schemas/api/gift-card-responses';

export type { BoughtCard };

/** Gift cards (/api/gift-cards, /api/user/gift-cards, staff /api/admin/gift-cards). */
export const buyGiftCards = (form: Record<string, any>) => postJson<GiftCardOrder>('/api/gift-cards/orders', form);
export const redeemGiftCard = (form: Record<string, any>) => postJson<GiftCardRedeemed>('/api/gift-cards/redeem', form);
export const listBoughtCards = (page: number) =>
  get<{ list: BoughtCard[]; total: number }>('/api/user/gift-cards/list', { page, pageSize: 10 });
/** XXXX-XXXX-XXXX-XXXX, as printed on a card. */
export const formatCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

export interface GiftBatch {
  id: number;
  amountCents: number;
  count: number;
  note: string;
  createdAt: string;
  createdBy: string | null;
  redeemed: number;
}
export interface BatchCard {
  id: number;
  code: string;
  amountCents: number;
  status: number;
  expiresAt: string | null;
  redeemedAt: string | null;
}
export const listBatches = (page: number, pageSize: number) =>
  get<{ list: GiftBatch[]; total: number }>('/api/admin/gift-cards/batches', { page, pageSize });
export const createBatch = (form: Record<string, any>) =>
  postJson<{ id: number }>('/api/admin/gift-cards/batches', form);
export const batchCards = (id: number) => get<BatchCard[]>(`/api/admin/gift-cards/batches/${id}/cards`);
