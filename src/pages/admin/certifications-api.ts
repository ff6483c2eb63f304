import { get, http, request } from '../../dataProvider/axios';
import type { AuthLevel, CertificationState } from '../account/verify/verify-api';

export interface StaffCertification {
  id: number;
  userId: number;
  userName: string;
  userPhone: string | null;
  certificateType: 1 | 2;
  certificate: string;
  orgKind: string | null;
  subjectName: string;
  legalPerson: string | null;
  certificateNo: string;
  status: number;
  authLevel: AuthLevel | null;
  rejectReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
  images?: Array<{ n: number; field: string; name: string; size: number }>;
  account?: CertificationState['account'];
}

/** Staff review of real-name certifications (/api/admin/certifications). */
export const listCertifications = (status: number, page: number, pageSize: number) =>
  get<{ list: StaffCertification[]; total: number }>('/api/admin/certifications/list', { status, page, pageSize });
export const getCertification = (id: number) => get<StaffCertification>(`/api/admin/certifications/${id}`);
/** Approves with an authorization level (lumen:forms/certification-approve). */
export const approveCertification = (id: number, form: Record<string, any>) =>
  request<StaffCertification>('POST', `/api/admin/certifications/${id}/approve`, form, { json: true });
/** Refuses with a reason (lumen:forms/certification-reject) the user sees. */
export const rejectCertification = (id: number, form: Record<string, any>) =>
  request<StaffCertification>('POST', `/api/admin/certifications/${id}/reject`, form, { json: true });
/** A document image as an object URL (the request carries the staff token; the URL must be revoked). */
export async function certificationImageUrl(id: number, n: number): Promise<string> {
  const res = await http.get<Blob>(`/api/admin/certifications/${id}/images/${n}`, { responseType: 'blob' });
  return URL.createObjectURL(res.data);
}
