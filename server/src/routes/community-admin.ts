import type { FastifyInstance } from 'fastify';
import { ok } from '../lib/envelope.js';
import { envelopeResponse, idParams } from '../lib/trade-schemas.js';
import { validateForm } from '../lib/form-validate.js';
import { requireStaff } from '../http/staff.js';
import { hiddenPosts, openReports } from '../repositories/community-social.js';
import { dismissReports, hideContent, restoreContent } from '../services/community-moderation.js';

const targetParams = {
  type: 'object',
  required: ['target', 'id'],
  properties: { target: { type: 'string', title: '内容类型', enum: ['post', 'comment'] }, id: idParams.properties.id },
} as const;
type TargetParams = { target: 'post' | 'comment'; id: number };

/** /community/api/admin: the back office's moderation of the showcase (staff only, audit-logged). */
export default async function communityAdminRoutes(app: FastifyInstance) {
  app.get('/reports', { schema: { response: envelopeResponse } }, async (req) => {
    await requireStaff(req);
    return ok({ reports: await openReports(app.db), hidden: await hiddenPosts(app.db) });
  });

  app.post('/:target/:id/hide', { config: { formSchema: 'lumen:forms/community-hide' }, schema: { params: targetParams, response: envelopeResponse } }, async (req) => {
    const staff = await requireStaff(req);
    const form = await validateForm(app, 'lumen:forms/community-hide', req.body);
    const p = req.params as TargetParams;
    await hideContent(app.db, req, staff, p.target, p.id, form.reason.trim());
    return ok(null, '已隐藏');
  });

  app.post('/:target/:id/restore', { schema: { params: targetParams, response: envelopeResponse } }, async (req) => {
    const staff = await requireStaff(req);
    const p = req.params as TargetParams;
    await restoreContent(app.db, req, staff, p.target, p.id);
    return ok(null, '已恢复');
  });

  app.post('/:target/:id/dismiss', { schema: { params: targetParams, response: envelopeResponse } }, async (req) => {
    const staff = await requireStaff(req);
    const p = req.params as TargetParams;
    await dismissReports(app.db, req, staff, p.target, p.id);
    return ok(null, '已驳回举报');
  });
}
