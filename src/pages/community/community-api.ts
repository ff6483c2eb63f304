import { get, request } from '../../dataProvider/axios';
import type {
  CreatorProfile,
  Demand,
  DemandResponse,
  MyWork,
  PostCard,
  PostDetail,
} from '../../schemas/api/community-responses';

/** Client of /community/api (the data provider sends /community/ paths to VITE_COMMUNITY_BASE). */
export type { CreatorProfile, MyWork, PostCard, PostDetail };
export type Comment = PostDetail['comments'][number];

export type DemandStatus = 'open' | 'in_progress' | 'delivered' | 'completed' | 'disputed' | 'cancelled' | 'refunded';
export type { Demand, DemandResponse };
export interface MyResponse extends DemandResponse {
  demandTitle: string;
  demandStatus: DemandStatus;
  mode: 'bounty' | 'bid';
  budgetCents: number;
  deadline: string;
  picked: boolean;
}

const base = '/community/api';
const json = { json: true };
export const fetchFeed = (q: { sort: string; authorId?: number; page: number; pageSize: number }) =>
  get<{ list: PostCard[]; total: number }>(`${base}/feed`, q);
export const fetchPost = (id: number) => get<PostDetail>(`${base}/posts/${id}`);
export const fetchMyWorks = () => get<MyWork[]>(`${base}/my-works`);
export const fetchMyCollections = () => get<PostCard[]>(`${base}/my-collections`);
export const createPost = (form: Record<string, any>) => request<{ id: number }>('POST', `${base}/posts`, form, json);
export const setMark = (id: number, mark: 'like' | 'collect', on: boolean) =>
  request<{ on: boolean; count: number }>('POST', `${base}/posts/${id}/${mark}`, { on }, json);
export const addComment = (id: number, body: string) => request('POST', `${base}/posts/${id}/comments`, { body }, json);
export const report = (target: 'post' | 'comment', id: number, form: Record<string, any>) =>
  request('POST', `${base}/${target}s/${id}/report`, form, json);
export const fetchCreator = (id: number) => get<CreatorProfile>(`${base}/creators/${id}`);
export const setFollow = (id: number, on: boolean) => request('POST', `${base}/creators/${id}/follow`, { on }, json);

export const fetchDemands = (q: Record<string, any>) => get<{ list: Demand[]; total: number }>(`${base}/demands`, q);
export const fetchDemand = (id: number) => get<Demand & { responses: DemandResponse[] }>(`${base}/demands/${id}`);
export const fetchMyDemands = () => get<{ demands: Demand[]; responses: MyResponse[] }>(`${base}/demands/mine`);
export const postDemand = (form: Record<string, any>) => request<{ id: number }>('POST', `${base}/demands`, form, json);
export const respondTo = (id: number, form: Record<string, any>) =>
  request('POST', `${base}/demands/${id}/responses`, form, json);
export const pickResponse = (id: number, responseId: number) =>
  request('POST', `${base}/demands/${id}/pick`, { responseId }, json);
export const deliverTo = (id: number, form: Record<string, any>) =>
  request('POST', `${base}/demands/${id}/deliver`, form, json);
export const acceptDelivery = (id: number) => request('POST', `${base}/demands/${id}/accept`, {}, json);
export const cancelDemand = (id: number) => request('POST', `${base}/demands/${id}/cancel`, {}, json);
export const disputeDemand = (id: number, form: Record<string, any>) =>
  request('POST', `${base}/demands/${id}/dispute`, form, json);

export const fetchModeration = () =>
  get<{
    reports: Array<{
      targetType: 'post' | 'comment';
      targetId: number;
      reports: number;
      reasons: string[];
      excerpt: string;
      status: string;
      postId: number;
      authorName: string;
      firstAt: string;
    }>;
    hidden: Array<{ id: number; title: string; hiddenReason: string; authorName: string }>;
  }>(`${base}/admin/reports`);
export const moderate = (
  target: 'post' | 'comment',
  id: number,
  action: 'hide' | 'restore' | 'dismiss',
  form: Record<string, any> = {},
) => request('POST', `${base}/admin/${target}/${id}/${action}`, form, json);
export const fetchDisputes = () => get<Demand[]>(`${base}/admin/disputes`);
export const resolveDispute = (id: number, outcome: 'release' | 'refund', note: string) =>
  request('POST', `${base}/admin/demands/${id}/resolve`, { outcome, note }, json);
