import { download, get, request } from '../../dataProvider/axios';

export interface Listing {
  id: number;
  sellerId: number;
  sellerName: string;
  proofType: 'deposit' | 'registration';
  proofId: number;
  workName: string;
  workCategory: number;
  mode: 'transfer' | 'licence';
  rights: string[];
  territory: string;
  termYears: number | null;
  exclusive: boolean;
  priceCents: number | null;
  description: string;
  status: 'pending' | 'listed' | 'rejected' | 'sold' | 'withdrawn';
  rejectReason: string | null;
  createdAt: string;
}

export interface Deal {
  id: number;
  listingId: number;
  buyerId: number;
  sellerId: number;
  buyerName: string;
  sellerName: string;
  workName: string;
  priceCents: number;
  message: string;
  status: 'offered' | 'accepted' | 'escrowed' | 'completed' | 'declined' | 'cancelled';
  buyerSignedAt: string | null;
  sellerSignedAt: string | null;
  ledgerHeight: number | null;
  createdAt: string;
}

export interface TitleProof {
  type: 'deposit' | 'registration';
  id: number;
  workName: string;
  reference: string;
  at: string;
}
export interface Chain {
  original: { holder: string; at: string } | null;
  transfers: Array<{ dealId: number; holder: string; from: string; at: string; ledgerHeight: number; mode: string }>;
}

const base = '/api/cytransfer';
export const fetchMarket = (q: Record<string, any>) => get<{ list: Listing[]; total: number }>(`${base}/market`, q);
export const fetchListing = (id: number) =>
  get<Listing & { proof: Record<string, any> | null }>(`${base}/listings/${id}`);
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
