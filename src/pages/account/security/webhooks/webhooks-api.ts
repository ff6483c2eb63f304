import { get, request } from '../../../../dataProvider/axios';
import type { WebhookDelivery, WebhookEndpoint, WebhookSecret } from '../../../../schemas/api/webhook-responses';

export type { WebhookDelivery, WebhookEndpoint, WebhookSecret };

/** /api/user/webhooks (server/src/routes/webhooks.ts). */
const BASE = '/api/user/webhooks';
export const listEndpoints = () => get<WebhookEndpoint[]>(BASE);
export const createEndpoint = (form: Record<string, unknown>) =>
  request<WebhookSecret>('POST', BASE, form, { json: true });
export const updateEndpoint = (id: number, form: Record<string, unknown>) =>
  request<WebhookEndpoint>('PUT', `${BASE}/${id}`, form, { json: true });
export const setEnabled = (id: number, enabled: boolean) =>
  request<WebhookEndpoint>('POST', `${BASE}/${id}/${enabled ? 'enable' : 'disable'}`, {}, { json: true });
export const deleteEndpoint = (id: number) => request('DELETE', `${BASE}/${id}`);
export const rotateSecret = (id: number) =>
  request<WebhookSecret>('POST', `${BASE}/${id}/rotate-secret`, {}, { json: true });
export const sendTestEvent = (id: number) =>
  request<{ eventId: string; deliveryId: number }>('POST', `${BASE}/${id}/test`, {}, { json: true });
export const listDeliveries = (id: number, page: number, pageSize: number) =>
  get<{ list: WebhookDelivery[]; total: number }>(`${BASE}/${id}/deliveries`, { page, pageSize });
export const resendDelivery = (deliveryId: number) =>
  request<{ eventId: string; deliveryId: number }>(
    'POST',
    `${BASE}/deliveries/${deliveryId}/resend`,
    {},
    { json: true },
  );
