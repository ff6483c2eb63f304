import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../../http/type-provider.js';
import { AppError, ok } from '../../http/envelope.js';
import { envelopeOf, fileAnswer } from '../../http/envelope-schema.js';
import { idParams } from '../../http/route-schemas.js';
import { contentDisposition } from '../../http/content-disposition.js';
import * as lic from '../../repositories/licences.js';
import { findDownloadGrant, insertDownloadGrant } from '../../repositories/api-idempotency.js';
import { purchaseWithKey } from '../../services/api-purchase.js';
import { hashSecret } from '../../services/api-keys.js';
import { downloadLinkSchema } from '../../../../src/schemas/api/download-link.js';
import { purchaseAnswerSchema, purchaseLicencesSchema } from '../../../../src/schemas/api-keys/v1.js';
import { NO_LICENCE } from '../order.js';
import { callerOf, v1Schema } from './key-auth.js';
import { idempotencyHeader, idempotent } from './idempotency.js';
import { licensedCopy } from '../../services/content-credentials.js';

/** Lifetime of a download link: the same as the site's presigned originals. */
const DOWNLOAD_URL_SECONDS = 300;

const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{32,64}$' } },
} as const;

/** /api/v1/licences: buy licences (wallet or, for a sub-account, the company's wallet) and download originals. */
export async function licencesV1(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();

  app.post(
    '/licences',
    {
      config: { scope: 'licences:purchase' },
      schema: v1Schema('licences:purchase', '购买授权（钱包付款）', {
        headers: idempotencyHeader,
        body: purchaseLicencesSchema,
        response: envelopeOf(purchaseAnswerSchema),
      }),
    },
    async (req, reply) =>
      idempotent(app.db, req, reply, async () => {
        const r = await purchaseWithKey(app.db, callerOf(req), req.body);
        return ok(r, r.status === 'paid' ? '支付成功，授权已发放' : '超出子账号每月额度，已提交企业管理员审批');
      }),
  );

  /**
   * A short-lived link to the licensed original: the bucket's presigned URL, or (local disk) a
   * one-off link of this API that expires with it. Each link handed out counts as a download.
   */
  app.get(
    '/licences/:id/download',
    {
      config: { scope: 'licences:download' },
      schema: v1Schema('licences:download', '获取原文件下载链接', {
        params: idParams,
        response: envelopeOf(downloadLinkSchema),
      }),
    },
    async (req) => {
      const { user } = callerOf(req);
      const materialId = req.params.id;
      const m = await lic.materialFile(app.db, materialId);
      if (!m) throw new AppError(404, '素材不存在');
      const licenceId = await lic.licenceFor(app.db, user.id, materialId);
      if (!licenceId) throw new AppError(403, NO_LICENCE);
      if (!m.originalPath || !(await app.storage.exists(m.originalPath)))
        throw new AppError(404, '原文件暂不可用，请联系客服');
      await lic.recordDownload(app.db, { userId: user.id, materialId, licenceId, kind: 'original' });
      app.counters.bump(materialId, 'downloads');
      const ext = path.extname(m.originalPath) || (m.format ? `.${m.format.toLowerCase()}` : '');
      const filename = `${m.title}${ext}`;
      // The presigned URL points at the licensed copy with Content Credentials (services/content-credentials.ts).
      let url = await app.storage.downloadUrl(
        await licensedCopy(app, licenceId, { ...m, originalPath: m.originalPath }),
        {
          filename,
          contentType: 'application/octet-stream',
          expiresInSeconds: DOWNLOAD_URL_SECONDS,
        },
      );
      if (!url) {
        const token = crypto.randomBytes(32).toString('base64url');
        await insertDownloadGrant(app.db, {
          tokenHash: hashSecret(token),
          userId: user.id,
          materialId,
          licenceId,
          seconds: DOWNLOAD_URL_SECONDS,
        });
        url = `${app.config.publicUrl}/api/v1/downloads/${token}`;
      }
      return ok({ url, filename, expiresIn: DOWNLOAD_URL_SECONDS }, '下载链接已生成');
    },
  );

  /** The one-off link above (no key: the link is the credential, and it expires in minutes). */
  app.get(
    '/downloads/:token',
    {
      compress: false, // media, compressed already (see /api/order/download)
      schema: {
        summary: '下载原文件（临时链接）',
        params: tokenParams,
        response: fileAnswer('application/octet-stream', '已授权的原文件'),
      },
    },
    async (req, reply) => {
      const g = await findDownloadGrant(app.db, hashSecret(req.params.token));
      if (!g) throw new AppError(404, '下载链接不存在或已过期，请重新获取');
      const m = await lic.materialFile(app.db, g.materialId);
      if (!m?.originalPath || !(await app.storage.exists(m.originalPath)))
        throw new AppError(404, '原文件暂不可用，请联系客服');
      const ext = path.extname(m.originalPath) || (m.format ? `.${m.format.toLowerCase()}` : '');
      return reply
        .type('application/octet-stream')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(`${m.title}${ext}`))
        .send(await app.storage.stream(await licensedCopy(app, g.licenceId, { ...m, originalPath: m.originalPath })));
    },
  );
}
