import { download, get, request } from '../../dataProvider/axios';
import type { FromSchema } from '../../schemas/api/from-schema';
import type {
  chainOfTitleSchema,
  Deal,
  Listing,
  listingDetailSchema,
  titleProofListSchema,
} from '../../schemas/api/copyright-trading-responses';

export type { Listing, Deal };

export type TitleProof = FromSchema<typeof titleProofListSchema>[number];
export type Chain = FromSchema<typeof chainOfTitleSchema>;

const base = '/api/cytransfer';
export const fetchMarket = (q: Record<string, any>) => get<{ list: Listing[]; total: number }>(`${base}/market`, q);
export const fetchListing = (id: number) => get<FromSchema<typeof listingDetailSchema>>(`${base}/listings/${id}`);
export const fetchChain = (id: number) => get<Chain>(`${base}/listings/${id}/chain`);
export const fetchProofs = () => get<TitleProof[]>(`${base}/proofs`);
export const fetchMine = () => get<{ listings: Listing[]; sales: Deal[]; purchases: Deal[] }>(`${base}/mine`);
export const publishListing = (form: Record<string, any>) =>
  request<{ id: number }>('POST', `${base}/listings`, form, { json: true });
export const buyListing = (id: number) =>
  request<{ dealId: number }>('POST', `${base}/listings/${id}/buy`, {}, { json: true });
export const offerFor = (id: number, form: Record<string, any>) =>
  request('POST', `${base}/listings/${id}/offers`, form, { json: true });
export const answerOffer = (id: number, accept: boolean) =>
  request('POST', `${base}/deals/${id}/answer`, { accept }, { json: true });
export const payDeal = (id: number) => request('POST', `${base}/deals/${id}/pay`, {}, { json: true });
export const cancelDeal = (id: number) => request('POST', `${base}/deals/${id}/cancel`, {}, { json: true });
export const sendSignCode = (id: number) => request('POST', `${base}/deals/${id}/sign/code`, {}, { json: true });
export const signDeal = (id: number, code: string) =>
  request<{ completed: boolean }>('POST', `${base}/deals/${id}/sign`, { code }, { json: true });
export const downloadContract = (id: number) =>
  download(`${base}/deals/${id}/contract`, undefined, `版权交易合同-${id}.pdf`);
export const fetchPendingListings = () => get<Listing[]>(`${base}/admin/pending`);
export const reviewListing = (id: number, approve: boolean, reason?: string) =>
  request('POST', `${base}/admin/listings/${id}/review`, { approve, reason }, { json: true });
