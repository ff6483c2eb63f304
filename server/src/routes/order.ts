import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { listQuerySchema } from '../http/list-query.js';
import { contentDisposition } from '../http/content-disposition.js';
import { licenceCertificatePdf } from '../documents/licence-pdf.js';
import { cancelOrder, findOrder, listOrders, ORDER_LIST, orderItems } from '../repositories/orders.js';
import * as lic from '../repositories/licences.js';
import type { LicenceLevel, UseCaseTable } from '../../../src/schemas/licence/use-cases.js';
import { currentUseCases } from '../services/checkout.js';
import { licensedCopy } from '../services/content-credentials.js';
import { serviceOrderByOrderId } from '../repositories/service-orders.js';
import { giftCardOrderTitle } from '../repositories/gift-cards.js';
import { envelopeOf, envelopeOrFile, fileAnswer } from '../http/envelope-schema.js';
import { downloadLinkSchema } from '../../../src/schemas/api/download-link.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import {
  downloadListSchema,
  licenceCheckSchema,
  licenceListSchema,
  licensedMaterialListSchema,
} from '../../../src/schemas/api/licence-responses.js';
import { orderDetailSchema, orderListSchema } from '../../../src/schemas/api/trade-responses.js';

// Rows come from SQL as records; names are added from the current use-case table.
const withNames =
  (table: UseCaseTable) =>
  (r: Record<string, any>): Record<string, any> => ({
    ...r,
    scenarioName: table.find(r.scenario)?.name ?? r.scenario,
    levelName: table.levels[r.level as LicenceLevel]?.name ?? r.level,
  });

/** Lifetime of a presigned original download: long enough to start, short enough not to be shared. */
const DOWNLOAD_URL_SECONDS = 300;

export const NO_LICENCE = '您尚未获得该素材的授权，购买授权后才能下载原文件（未授权可浏览带水印的预览）';

/** /api/order: my orders, licences (authrecord / myauth), certificates, original downloads, history. */
export default async function orderRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const namer = async () => withNames(await currentUseCases(app.db));
  app.get(
    '/list',
    {
      schema: { summary: '我的订单', querystring: listQuerySchema(ORDER_LIST), response: envelopeOf(orderListSchema) },
    },
    async (req) => {
      const u = await req.requireUser();
      return ok(await listOrders(app.db, u.id, req.query));
    },
  );

  app.get(
    '/authrecord/list',
    {
      schema: {
        summary: '授权记录',
        querystring: listQuerySchema(lic.LICENCE_LIST),
        response: envelopeOf(licenceListSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const r = await lic.listLicences(app.db, u.id, req.query);
      return ok({ ...r, list: r.list.map(await namer()) });
    },
  );

  app.get(
    '/myauth/list',
    {
      schema: {
        summary: '我的授权',
        querystring: listQuerySchema(lic.LICENSED_MATERIAL_LIST),
        response: envelopeOf(licensedMaterialListSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const r = await lic.listLicensedMaterials(app.db, u.id, req.query);
      const table = await currentUseCases(app.db);
      return ok({
        ...r,
        list: r.list.map((m: any) => ({
          ...m,
          scenarioNames: (m.scenarios as string[]).map((s) => table.find(s)?.name ?? s),
        })),
      });
    },
  );

  app.get(
    '/history/list',
    {
      schema: {
        summary: '下载记录',
        querystring: listQuerySchema(lic.DOWNLOAD_LIST),
        response: envelopeOf(downloadListSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      return ok(await lic.listDownloads(app.db, u.id, req.query));
    },
  );

  /** Public: checks a certificate's verification code. */
  app.get(
    '/licence/verify',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', pattern: '^[0-9A-Fa-f]{12}$' } },
        },
        summary: '校验授权证书',
        response: envelopeOf(licenceCheckSchema),
      },
    },
    async (req) => {
      const l = await lic.verifyLicence(app.db, req.query.code);
      if (!l) throw new AppError(404, '验证码无效，未找到对应的授权记录');
      const n = (await namer())(l);
      return ok({
        valid: true,
        licenseeName: n.licenseeName,
        licenseeType: n.licenseeType,
        title: n.title,
        materialId: n.materialId,
        scenarioName: n.scenarioName,
        levelName: n.levelName,
        orderNo: n.orderNo,
        date: n.paidAt ?? n.createdAt,
      });
    },
  );

  app.get(
    '/licence/:id/certificate',
    { schema: { params: idParams, response: fileAnswer('application/pdf', '授权证书 PDF') } },
    async (req, reply) => {
      const u = await req.requireUser();
      const l = await lic.findLicence(app.db, u.id, req.params.id);
      if (!l) throw new AppError(404, '授权记录不存在');
      const n = (await namer())(l);
      const pdf = await licenceCertificatePdf({
        licenseeName: n.licenseeName,
        licenseeType: n.licenseeType,
        title: n.title,
        materialId: Number(n.materialId),
        scenarioName: n.scenarioName,
        levelName: n.levelName,
        orderNo: n.orderNo,
        date: new Date(n.paidAt ?? n.createdAt),
        verifyCode: n.verifyCode, // A page that shows the licence (/certifiy/:code), not the raw JSON API behind it.
        verifyUrl: `${app.config.publicUrl.replace(/\/$/, '')}/certifiy/${n.verifyCode}`,
      });
      await lic.recordDownload(app.db, {
        userId: u.id,
        materialId: Number(n.materialId),
        licenceId: Number(n.id),
        kind: 'certificate',
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`授权证书-${n.title}-${n.verifyCode}.pdf`))
        .send(Buffer.from(pdf));
    },
  );

  /**
   * The licensed original: licence holders only (403 for everyone else); each download recorded.
   * Local disk streams the file; a bucket answers with a short-lived presigned URL (the envelope's
   * data.url) that the browser downloads from directly, so gigabytes never pass through Node.
   */
  app.get(
    '/download/:id',
    {
      // Media is compressed already: gzipping it on the fly (mime-db calls octet-stream compressible)
      // took a 20 MB licensed MP4 from under 1 s to 11-21 s (bench/content-credentials.ts).
      compress: false,
      schema: { summary: '下载原文件', params: idParams, response: envelopeOrFile(downloadLinkSchema) },
    },
    async (req, reply) => {
      const u = await req.requireUser();
      const materialId = req.params.id;
      const m = await lic.materialFile(app.db, materialId);
      if (!m) throw new AppError(404, '素材不存在');
      const licenceId = await lic.licenceFor(app.db, u.id, materialId);
      if (!licenceId) throw new AppError(403, NO_LICENCE);
      if (!m.originalPath || !(await app.storage.exists(m.originalPath)))
        throw new AppError(404, '原文件暂不可用，请联系客服');
      await lic.recordDownload(app.db, { userId: u.id, materialId, licenceId, kind: 'original' });
      app.counters.bump(materialId, 'downloads');
      const ext = path.extname(m.originalPath) || (m.format ? `.${m.format.toLowerCase()}` : '');
      const filename = `${m.title}${ext}`;
      reply.header('cache-control', 'private, no-store');
      // JPEG, PNG and MP4 go out with the platform's Content Credentials (services/content-credentials.ts).
      const key = await licensedCopy(app, licenceId, { ...m, originalPath: m.originalPath });
      const url = await app.storage.downloadUrl(key, {
        filename,
        contentType: 'application/octet-stream',
        expiresInSeconds: DOWNLOAD_URL_SECONDS,
      });
      if (url) return ok({ url, filename, expiresIn: DOWNLOAD_URL_SECONDS }, '下载链接已生成');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', contentDisposition(filename))
        .send(await app.storage.stream(key));
    },
  );

  app.get(
    '/:id',
    { schema: { summary: '订单详情', params: idParams, response: envelopeOf(orderDetailSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const o = await findOrder(app.db, u.id, req.params.id);
      if (!o) throw new AppError(404, '订单不存在');
      // A copyright-service order has one line: its package (the cashier page shows it like a licence line).
      const service = o.kind === 'service' ? await serviceOrderByOrderId(app.db, o.id) : null;
      if (service)
        return ok({ ...o, serviceOrderId: service.id, items: [{ title: service.title, scenarioName: '版权服务' }] });
      if (o.kind === 'gift_card')
        return ok({
          ...o,
          items: [{ title: (await giftCardOrderTitle(app.db, o.id)) ?? '礼品卡', scenarioName: '礼品卡' }],
        });
      return ok({ ...o, items: (await orderItems(app.db, o.id)).map(await namer()) });
    },
  );

  app.post(
    '/:id/cancel',
    { schema: { summary: '取消订单', params: idParams, response: envelopeOf(noData) } },
    async (req) => {
      const u = await req.requireUser();
      const { id } = req.params;
      if (!(await findOrder(app.db, u.id, id))) throw new AppError(404, '订单不存在');
      if (!(await cancelOrder(app.db, u.id, id))) throw new AppError(409, '只有待支付的订单可以取消');
      return ok(null, '订单已取消');
    },
  );
}
