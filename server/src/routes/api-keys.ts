import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../http/type-provider.js';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { createApiKeySchema } from '../../../src/schemas/api-keys/create-key.js';
import { apiCallListSchema, apiKeyCreatedSchema, apiKeyListSchema } from '../../../src/schemas/api-keys/responses.js';
import { listKeyCalls, listVisibleKeys, revokeVisibleKey } from '../repositories/api-keys.js';
import { insertAuditEntry } from '../repositories/audit-log.js';
import { createApiKey } from '../services/api-keys.js';

const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;

/**
 * /api/user/api-keys: the signed-in account's API keys (a company owner also sees and revokes its
 * sub-accounts' keys), creating one (the secret is in this answer only) and the calls made with them.
 */
export default async function apiKeyRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();

  app.get('/', { schema: { summary: 'API 密钥列表', response: envelopeOf(apiKeyListSchema) } }, async (req) => {
    const u = await req.requireUser();
    return ok(await listVisibleKeys(app.db, u.id));
  });

  app.post(
    '/',
    { schema: { summary: '创建 API 密钥', body: createApiKeySchema, response: envelopeOf(apiKeyCreatedSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const created = await createApiKey(app.db, u, req.body);
      await insertAuditEntry(app.db, {
        actorId: u.id,
        action: 'api_key.create',
        targetType: 'api_key',
        targetId: created.key.id,
        after: { name: created.key.name, prefix: created.key.prefix, scopes: created.key.scopes },
        ip: req.ip,
      });
      return ok(created, '密钥已创建，请立即复制保存，关闭后将无法再次查看');
    },
  );

  app.post(
    '/:id/revoke',
    { schema: { summary: '吊销 API 密钥', params: idParams, response: envelopeOf(noData) } },
    async (req) => {
      const u = await req.requireUser();
      if (!(await revokeVisibleKey(app.db, u.id, req.params.id))) throw new AppError(404, '密钥不存在或已吊销');
      await insertAuditEntry(app.db, {
        actorId: u.id,
        action: 'api_key.revoke',
        targetType: 'api_key',
        targetId: req.params.id,
        ip: req.ip,
      });
      return ok(null, '密钥已吊销，使用它的请求将立即被拒绝');
    },
  );

  app.get(
    '/calls',
    { schema: { summary: 'API 调用记录', querystring: pageQuery, response: envelopeOf(apiCallListSchema) } },
    async (req) => {
      const u = await req.requireUser();
      return ok(await listKeyCalls(app.db, u.id, req.query.page, req.query.pageSize));
    },
  );
}
