import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { disputedDemandListSchema, moderationSchema } from '../../../src/schemas/api/community-responses.js';
import { validateRouteForm } from './form-validate.js';
import { requireStaff } from '../plugins/staff.js';
import { hiddenPosts, openReports } from '../repositories/community-social.js';
import { dismissReports, hideContent, restoreContent } from '../services/community-moderation.js';
import { disputedDemands } from '../repositories/community-demands.js';
import { resolveDispute } from '../services/community-demands.js';

const resolveBody = {
  type: 'object',
  required: ['outcome', 'note'],
  properties: {
    outcome: { type: 'string', title: '裁决', enum: ['release', 'refund'] },
    note: { type: 'string', title: '裁决说明', minLength: 2, maxLength: 500 },
  },
  additionalProperties: false,
} as const;

const targetParams = {
  type: 'object',
  required: ['target', 'id'],
  properties: { target: { type: 'string', title: '内容类型', enum: ['post', 'comment'] }, id: idParams.properties.id },
} as const;

/** /community/api/admin: the back office's moderation of the showcase and demand disputes (staff only, audit-logged). */
export default async function communityAdminRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get('/reports', { schema: { summary: '举报与隐藏', response: envelopeOf(moderationSchema) } }, async (req) => {
    await requireStaff(req);
    return ok({ reports: await openReports(app.db), hidden: await hiddenPosts(app.db) });
  });

  app.post(
    '/:target/:id/hide',
    {
      config: { formSchema: 'lumen:forms/community-hide' },
      schema: { summary: '隐藏内容', params: targetParams, response: envelopeOf(noData) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const form = await validateRouteForm(req);
      const p = req.params;
      await hideContent(app.db, req, staff, p.target, p.id, form.reason.trim());
      return ok(null, '已隐藏');
    },
  );

  app.post(
    '/:target/:id/restore',
    { schema: { summary: '恢复内容', params: targetParams, response: envelopeOf(noData) } },
    async (req) => {
      const staff = await requireStaff(req);
      const p = req.params;
      await restoreContent(app.db, req, staff, p.target, p.id);
      return ok(null, '已恢复');
    },
  );

  app.post(
    '/:target/:id/dismiss',
    { schema: { summary: '驳回举报', params: targetParams, response: envelopeOf(noData) } },
    async (req) => {
      const staff = await requireStaff(req);
      const p = req.params;
      await dismissReports(app.db, req, staff, p.target, p.id);
      return ok(null, '已驳回举报');
    },
  );

  app.get(
    '/disputes',
    { schema: { summary: '仲裁中的需求', response: envelopeOf(disputedDemandListSchema) } },
    async (req) => {
      await requireStaff(req);
      return ok(await disputedDemands(app.db));
    },
  );

  app.post(
    '/demands/:id/resolve',
    { schema: { summary: '裁决需求争议', params: idParams, body: resolveBody, response: envelopeOf(noData) } },
    async (req) => {
      const staff = await requireStaff(req);
      const b = req.body;
      await resolveDispute(app.db, req, staff, req.params.id, b.outcome, b.note.trim());
      return ok(null, b.outcome === 'release' ? '已裁决：款项支付给创作者' : '已裁决：款项退回买家');
    },
  );
}
