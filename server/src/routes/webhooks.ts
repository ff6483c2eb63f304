import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContractTypes } from '../http/type-provider.js';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import {
  webhookDeliveryPageSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
  webhookSentSchema,
} from '../../../src/schemas/api/webhook-responses.js';
import { WEBHOOK_FORM_ID } from '../../../src/schemas/webhooks/index.js';
import { validateRouteForm } from './form-validate.js';
import * as repo from '../repositories/webhooks.js';
import {
  ENDPOINT_NOT_FOUND,
  createEndpoint,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
} from '../services/webhooks/endpoints.js';

const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;

/**
 * /api/user/webhooks: the signed-in account's webhook endpoints (list, create, edit, enable,
 * disable, delete, rotate the secret), their deliveries with every attempt, resend and a test event.
 * Deliveries run on the job queue (services/webhooks/deliver.ts); docs/webhooks.md for receivers.
 */
export default async function webhookRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const userId = async (req: FastifyRequest) => Number((await req.requireUser()).id);
  const owned = async (req: FastifyRequest, id: number) => {
    const e = await repo.findEndpoint(app.db, await userId(req), id);
    if (!e) throw new AppError(404, ENDPOINT_NOT_FOUND);
    return e;
  };

  app.get(
    '/',
    { schema: { summary: 'Webhook 地址列表', response: envelopeOf(webhookEndpointListSchema) } },
    async (req) => ok(await repo.listEndpoints(app.db, await userId(req))),
  );

  app.post(
    '/',
    {
      config: { formSchema: WEBHOOK_FORM_ID },
      schema: { summary: '添加 Webhook 地址', response: envelopeOf(webhookSecretSchema) },
    },
    async (req) => {
      const uid = await userId(req);
      const form = await validateRouteForm(req);
      const { id, secret } = await createEndpoint(app.db, app.config, uid, {
        url: String(form.url),
        events: form.events as string[],
        description: form.description as string | undefined,
      });
      return ok({ endpoint: (await repo.findEndpoint(app.db, uid, id))!, secret }, '已添加，签名密钥只显示这一次');
    },
  );

  app.put(
    '/:id',
    {
      config: { formSchema: WEBHOOK_FORM_ID },
      schema: { params: idParams, summary: '修改 Webhook 地址', response: envelopeOf(webhookEndpointSchema) },
    },
    async (req) => {
      const e = await owned(req, req.params.id);
      const form = await validateRouteForm(req, { stored: { url: e.url } });
      await repo.updateEndpoint(app.db, e.userId, e.id, {
        events: [...new Set<string>(form.events)],
        description: String(form.description ?? '').trim(),
      });
      return ok((await repo.findEndpoint(app.db, e.userId, e.id))!, '已保存');
    },
  );

  for (const action of ['enable', 'disable'] as const) {
    app.post(
      `/:id/${action}`,
      {
        schema: {
          params: idParams,
          summary: action === 'enable' ? '启用 Webhook 地址' : '停用 Webhook 地址',
          response: envelopeOf(webhookEndpointSchema),
        },
      },
      async (req) => {
        const e = await owned(req, req.params.id);
        await repo.updateEndpoint(app.db, e.userId, e.id, { enabled: action === 'enable' });
        return ok((await repo.findEndpoint(app.db, e.userId, e.id))!, action === 'enable' ? '已启用' : '已停用');
      },
    );
  }

  app.delete(
    '/:id',
    { schema: { params: idParams, summary: '删除 Webhook 地址', response: envelopeOf(noData) } },
    async (req) => {
      if (!(await repo.deleteEndpoint(app.db, await userId(req), req.params.id)))
        throw new AppError(404, ENDPOINT_NOT_FOUND);
      return ok(null, '已删除');
    },
  );

  app.post(
    '/:id/rotate-secret',
    { schema: { params: idParams, summary: '更换签名密钥', response: envelopeOf(webhookSecretSchema) } },
    async (req) => {
      const uid = await userId(req);
      const secret = await rotateSecret(app.db, app.config, uid, req.params.id);
      return ok({ endpoint: (await repo.findEndpoint(app.db, uid, req.params.id))!, secret }, '已更换，旧密钥立即失效');
    },
  );

  app.get(
    '/:id/deliveries',
    {
      schema: {
        params: idParams,
        querystring: pageQuery,
        summary: 'Webhook 投递记录',
        response: envelopeOf(webhookDeliveryPageSchema),
      },
    },
    async (req) => {
      const e = await owned(req, req.params.id);
      return ok(await repo.listDeliveries(app.db, e.id, req.query.page, req.query.pageSize));
    },
  );

  app.post(
    '/deliveries/:id/resend',
    { schema: { params: idParams, summary: '重新发送', response: envelopeOf(webhookSentSchema) } },
    async (req) => ok(await resendDelivery(app.db, await userId(req), req.params.id), '已重新加入投递队列'),
  );

  app.post(
    '/:id/test',
    { schema: { params: idParams, summary: '发送测试事件', response: envelopeOf(webhookSentSchema) } },
    async (req) => ok(await sendTestEvent(app.db, await userId(req), req.params.id), '测试事件已加入投递队列'),
  );
}
