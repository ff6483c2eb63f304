import { get, postJson } from '../../../dataProvider/axios';

import type { SecurityState, SessionView } from '../../../schemas/api/account-security-responses';

export type { SessionView };

/** /api/user/security: state, password, sessions, login history. */
export const fetchSecurity = () => get<SecurityState>('/api/user/security');
export const changePassword = (form: Record<string, any>) =>
  postJson<{ endedSessions: number }>('/api/user/security/password', form);
export const sendPhoneCode = (phone: string) => postJson('/api/user/security/phone/code', { phone });
export const changePhone = (form: Record<string, any>) =>
  postJson<{ phone: string; endedSessions: number }>('/api/user/security/phone', form);
export const fetchSessions = () => get<SessionView[]>('/api/user/security/sessions');
export const revokeSession = (id: number) => postJson(`/api/user/security/sessions/${id}/revoke`, {});
export const revokeOthers = () => postJson<{ revoked: number }>('/api/user/security/sessions/revoke-others', {});
export const fetchLogins = (page: number, pageSize: number) =>
  get<{ list: SessionView[]; total: number }>('/api/user/security/logins', { page, pageSize });
