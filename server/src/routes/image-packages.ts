import type { ContractTypes } from '../http/type-provider.js';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { registerResourceRoutes, mustGetOwned } from './resource-routes.js';
import { validateRouteForm } from './form-validate.js';
import { idParams } from '../http/params.js';
import { contentDisposition } from '../http/content-disposition.js';
import { imageDownloadTable, imageMaterial, imagePackageTable } from '../repositories/image-packages.js';
import { downloadUnderPackage } from '../services/image-packages.js';
import { envelopeOf, envelopeOrFile } from '../http/envelope-schema.js';
import { downloadLinkSchema } from '../../../src/schemas/api/download-link.js';
import {
  imageDownloadSchema,
  imagePackageSchema,
  packageDownloadSchema,
} from '../../../src/schemas/api/image-package-responses.js';

const DOWNLOAD_URL_SECONDS = 300;

/** /api/user/image-packages: the user's paid image download packages (read-only list). */
export async function imagePackageRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, { table: imagePackageTable, record: imagePackageSchema });
}

/**
 * /api/user/image-downloads: images downloaded under a package. POST / takes one unit per
 * idempotency key (lumen:forms/image-download); GET /:id/file serves a recorded download again
 * without taking anything.
 */
export default async function imageDownloadRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.post(
    '/',
    {
      config: { formSchema: 'lumen:forms/image-download' },
      schema: { summary: '用套餐下载图片', response: envelopeOf(packageDownloadSchema) },
    },
    async (req) => {
      const u = await req.requireUser();
      const form = await validateRouteForm(req);
      const d = await downloadUnderPackage(app.db, Number(u.id), Number(form.materialId), String(form.idempotencyKey));
      if (!d.repeated) app.counters.bump(d.materialId, 'downloads');
      return ok(d, d.repeated ? '该图片已下载（未重复扣减额度）' : '已扣减 1 张额度');
    },
  );

  app.get(
    '/:id/file',
    {
      compress: false, // an image, compressed already (see /api/order/download)
      schema: { summary: '再次下载原图', params: idParams, response: envelopeOrFile(downloadLinkSchema) },
    },
    async (req, reply) => {
      const u = await req.requireUser();
      const row = await mustGetOwned(app.db, imageDownloadTable, Number(u.id), req.params.id);
      const m = await imageMaterial(app.db, Number(row.material_id));
      if (!m?.originalPath || !(await app.storage.exists(m.originalPath)))
        throw new AppError(404, '原图暂不可用，请联系客服');
      const filename = `${m.title}${path.extname(m.originalPath) || (m.format ? `.${m.format.toLowerCase()}` : '')}`;
      reply.header('cache-control', 'private, no-store');
      const url = await app.storage.downloadUrl(m.originalPath, {
        filename,
        contentType: 'application/octet-stream',
        expiresInSeconds: DOWNLOAD_URL_SECONDS,
      });
      if (url) return ok({ url, filename, expiresIn: DOWNLOAD_URL_SECONDS }, '下载链接已生成');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', contentDisposition(filename))
        .send(await app.storage.stream(m.originalPath));
    },
  );

  registerResourceRoutes(app, { table: imageDownloadTable, record: imageDownloadSchema });
}
