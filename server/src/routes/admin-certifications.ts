import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import {
  certificationDetailSchema,
  certificationListSchema,
  certificationSchema,
} from '../../../src/schemas/api/admin-responses.js';
import { requireStaff } from '../plugins/staff.js';
import { serveObject } from './serve-object.js';
import { contentDisposition } from '../http/content-disposition.js';
import { validateRouteForm } from './form-validate.js';
import {
  accountStanding,
  applicantOf,
  findCertification,
  listCertificationsForStaff,
} from '../repositories/certifications.js';
import { approveCertification, authLevelOf, rejectCertification } from '../services/certification.js';
import type { AuthLevel } from '../repositories/certifications.js';
import { statusLabel } from '../../../src/schemas/index.js';

const listQuery = {
  type: 'object',
  properties: {
    status: { type: 'integer', title: '认证状态', enum: [0, 1, 2, 3], default: 0 },
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;

const imageParams = {
  type: 'object',
  required: ['id', 'n'],
  properties: { id: idParams.properties.id, n: { type: 'integer', title: '图片序号', minimum: 0, maximum: 9 } },
} as const;

/**
 * A certification as staff see it: each document image by its number n (served by /:id/images/:n),
 * never by its storage key, in the list, the detail and the review answers alike.
 */
function forStaff<T extends { images: Array<{ key: string }> }>(c: T) {
  return { ...c, images: c.images.map(({ key: _key, ...img }, n) => ({ ...img, n })) };
}

/**
 * /api/admin/certifications (staff only): the real-name certification review queue. Approving
 * sets the applicant's owner type and authorization level; both decisions are in the audit log.
 */
export default async function adminCertificationRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/list',
    { schema: { summary: '实名认证', querystring: listQuery, response: envelopeOf(certificationListSchema) } },
    async (req) => {
      await requireStaff(req);
      const q = req.query;
      const page = await listCertificationsForStaff(app.db, q.status, q.page, q.pageSize);
      return ok({ ...page, list: page.list.map(forStaff) });
    },
  );

  app.get(
    '/:id',
    { schema: { summary: '实名认证详情', params: idParams, response: envelopeOf(certificationDetailSchema) } },
    async (req) => {
      await requireStaff(req);
      const c = await findCertification(app.db, req.params.id);
      if (!c) throw new AppError(404, '认证申请不存在');
      const standing = await accountStanding(app.db, c.userId);
      return ok({
        ...forStaff(c),
        ...(await applicantOf(app.db, c.userId)),
        account: { ...standing, authLevel: authLevelOf(standing) },
      });
    },
  );

  /** One document image, streamed to staff only; never cached by shared caches. */
  app.get(
    '/:id/images/:n',
    { schema: { params: imageParams, response: fileAnswer('*/*', '认证材料图片') } },
    async (req, reply) => {
      await requireStaff(req);
      const { id, n } = req.params;
      const img = (await findCertification(app.db, id))?.images[n];
      if (!img) throw new AppError(404, '文件不存在');
      return serveObject(req, reply, app.storage, img.key, {
        cacheControl: 'private, no-store',
        contentDisposition: contentDisposition(img.name, 'inline'),
      });
    },
  );

  app.post(
    '/:id/approve',
    {
      config: { formSchema: 'lumen:forms/certification-approve' },
      schema: { summary: '通过认证', params: idParams, response: envelopeOf(certificationSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const form = await validateRouteForm(req);
      return ok(
        forStaff(await approveCertification(app.db, req, staff, req.params.id, form.authLevel as AuthLevel)),
        '已通过认证',
      );
    },
  );

  app.post(
    '/:id/reject',
    {
      config: { formSchema: 'lumen:forms/certification-reject' },
      schema: { summary: '驳回认证', params: idParams, response: envelopeOf(certificationSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const form = await validateRouteForm(req);
      return ok(
        forStaff(await rejectCertification(app.db, req, staff, req.params.id, String(form.reason).trim())),
        statusLabel('lumen:status/certification', 2),
      );
    },
  );
}
