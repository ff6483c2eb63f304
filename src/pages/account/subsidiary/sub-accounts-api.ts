import { get, request } from '../../../dataProvider/axios';

export interface SubAccount {
  userId: number;
  phone: string;
  nickname: string;
  role: 'buyer' | 'viewer';
  monthlyLimit: number;
  spentThisMonthCents: number;
  status: 'active' | 'disabled';
}
export interface Approval {
  id: number;
  orderNo: string;
  subName: string;
  amountCents: number;
  status: string;
  createdAt: string;
}
export interface CompanyOrder {
  id: number;
  orderNo: string;
  buyerName: string;
  status: string;
  amountCents: number;
  licenseeName: string;
  createdAt: string;
}

const BASE = '/api/user/sub-accounts';
export const listSubAccounts = () => get<SubAccount[]>(BASE);
export const createSubAccount = (form: Record<string, any>) => request<SubAccount>('POST', BASE, form, { json: true });
export const updateSubAccount = (id: number, form: Record<string, any>) =>
  request<SubAccount>('PUT', `${BASE}/${id}`, form, { json: true });
export const moveSubAccount = (id: number, action: 'disable' | 'enable' | 'delete') =>
  action === 'delete'
    ? request('DELETE', `${BASE}/${id}`)
    : request('POST', `${BASE}/${id}/${action}`, {}, { json: true });
export const listApprovals = () => get<Approval[]>(`${BASE}/approvals`, { status: 'pending' });
export const decideApproval = (id: number, approve: boolean) =>
  request('POST', `${BASE}/approvals/${id}/${approve ? 'approve' : 'reject'}`, {}, { json: true });
export const listCompanyOrders = (page: number, pageSize: number) =>
  get<{ list: CompanyOrder[]; total: number }>(`${BASE}/orders`, { page, pageSize });
