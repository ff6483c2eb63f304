import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { auditLogSchema } from '../../../src/schemas/api/admin-responses.js';
import { requireStaff } from '../plugins/staff.js';
import { listAuditEntries } from '../repositories/audit-log.js';

const listQuery = {
  type: 'object',
  properties: {
    action: { type: 'string', title: '操作', maxLength: 60, pattern: '^[a-z0-9_.-]*$' },
    targetType: { type: 'string', title: '对象类型', maxLength: 40, pattern: '^[a-z0-9_-]*$' },
    targetId: { type: 'string', title: '对象编号', maxLength: 40 },
    actorId: { type: 'integer', title: '操作人', minimum: 1, maximum: 9007199254740991 },
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;

/** /api/admin/audit-log (staff only): every recorded staff action, newest first (services/audit-log.ts). */
export default async function adminAuditLogRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/list',
    { schema: { summary: '操作日志', querystring: listQuery, response: envelopeOf(auditLogSchema) } },
    async (req) => {
      await requireStaff(req);
      return ok(await listAuditEntries(app.db, req.query));
    },
  );
}
