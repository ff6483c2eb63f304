import { get, request } from '../../dataProvider/axios';
import type { CollectivePlan } from '../../schemas/cyprotect/collective-plan';

export interface PoolWork {
  id: number;
  title: string;
  type: number;
  coverPath: string | null;
  inPool: boolean;
}

export interface MyCollective {
  rule: CollectivePlan;
  creator: boolean;
  member: { joinedAt: string; leaveRequestedAt: string | null; leavesAt: string | null; active: boolean } | null;
  works: PoolWork[];
  shares: Array<{
    revenueId: number;
    licensee: string;
    revenueCents: number;
    totalWorks: number;
    works: number;
    amountCents: number;
    createdAt: string;
  }>;
  totalShareCents: number;
}

export const fetchPlan = () =>
  get<{ rule: CollectivePlan; members: number; works: number; revenueCents: number }>('/api/collective/plan');
export const fetchMine = () => get<MyCollective>('/api/collective/me');
export const joinPlan = (form: Record<string, any>) => request('POST', '/api/collective/join', form, { json: true });
export const savePoolWorks = (materialIds: number[]) =>
  request<{ count: number }>('PUT', '/api/collective/works', { materialIds }, { json: true });
export const leavePlan = () => request<{ leavesAt: string }>('POST', '/api/collective/leave', {}, { json: true });
export const cancelLeave = () => request('POST', '/api/collective/leave/cancel', {}, { json: true });
export const listPoolRevenue = () =>
  get<
    Array<{
      id: number;
      reference: string;
      licensee: string;
      amountCents: number;
      platformPercent: number;
      distributableCents: number;
      sharedCents: number;
      totalWorks: number;
      createdAt: string;
    }>
  >('/api/collective/admin/revenue');
export const recordPoolRevenue = (form: Record<string, any>) =>
  request('POST', '/api/collective/admin/revenue', form, { json: true });
