import { get, postJson } from '../../../../dataProvider/axios';
import type { ApiCallView, ApiKeyCreated, ApiKeyView } from '../../../../schemas/api-keys/responses';

export type { ApiCallView, ApiKeyCreated, ApiKeyView };

/** /api/user/api-keys: the keys an account sees, creating (secret once) and revoking one, and their calls. */
export const fetchKeys = () => get<ApiKeyView[]>('/api/user/api-keys');
export const createKey = (form: Record<string, unknown>) => postJson<ApiKeyCreated>('/api/user/api-keys', form);
export const revokeKey = (id: number) => postJson(`/api/user/api-keys/${id}/revoke`, {});
export const fetchCalls = (page: number, pageSize: number) =>
  get<{ list: ApiCallView[]; total: number }>('/api/user/api-keys/calls', { page, pageSize });
