import { get, request } from '../../dataProvider/axios';
import type { FromSchema } from '../../schemas/api/from-schema';
import type {
  collectivePlanSchema,
  myCollectiveSchema,
  poolRevenueListSchema,
} from '../../schemas/api/collective-responses';

export type MyCollective = FromSchema<typeof myCollectiveSchema>;
export type PoolWork = MyCollective['works'][number];

export const fetchPlan = () => get<FromSchema<typeof collectivePlanSchema>>('/api/collective/plan');
export const fetchMine = () => get<MyCollective>('/api/collective/me');
export const joinPlan = (form: Record<string, any>) => request('POST', '/api/collective/join', form, { json: true });
export const savePoolWorks = (materialIds: number[]) =>
  request<{ count: number }>('PUT', '/api/collective/works', { materialIds }, { json: true });
export const leavePlan = () => request<{ leavesAt: string }>('POST', '/api/collective/leave', {}, { json: true });
export const cancelLeave = () => request('POST', '/api/collective/leave/cancel', {}, { json: true });
export const listPoolRevenue = () => get<FromSchema<typeof poolRevenueListSchema>>('/api/collective/admin/revenue');
export const recordPoolRevenue = (form: Record<string, any>) =>
  request('POST', '/api/collective/admin/revenue', form, { json: true });
