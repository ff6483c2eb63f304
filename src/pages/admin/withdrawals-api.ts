import { get, request } from '../../dataProvider/axios';
import type { StaffWithdrawal } from '../../schemas/api/earnings';

/** Staff review of creators' withdrawals (/api/admin/withdrawals). */
export const listWithdrawals = (status: number, page: number, pageSize: number) =>
  get<{ list: StaffWithdrawal[]; total: number }>('/api/admin/withdrawals/list', { status, page, pageSize });
/** Approves and pays out (once; approving a paid one answers it unchanged). */
export const approveWithdrawal = (id: number) =>
  request<StaffWithdrawal>('POST', `/api/admin/withdrawals/${id}/approve`, {}, { json: true });
/** Refuses with a reason (lumen:forms/withdrawal-reject) the creator sees. */
export const rejectWithdrawal = (id: number, form: Record<string, any>) =>
  request<StaffWithdrawal>('POST', `/api/admin/withdrawals/${id}/reject`, form, { json: true });
