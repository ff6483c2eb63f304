import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { createdIdSchema } from '../../../src/schemas/api/action-responses.js';
import {
  chainOfTitleSchema,
  dealIdSchema,
  dealSignedSchema,
  listingDetailSchema,
  listingListSchema,
  marketSchema,
  myTradingSchema,
  titleProofListSchema,
} from '../../../src/schemas/api/copyright-trading-responses.js';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { validateRouteForm } from './form-validate.js';
import { requireStaff } from '../plugins/staff.js';
import { contentDisposition } from '../http/content-disposition.js';
import { smsGateway } from '../adapters/sms/index.js';
import { consumeCode, issueCodeWithinLimits } from '../repositories/sms-codes.js';
import {
  findListing,
  marketListings,
  pendingListings,
  proofSummary,
  sellerListings,
  listableProofsOf,
} from '../repositories/copyright-listings.js';
import {
  dealsOf,
  findDealFor,
  originalHolder,
  signatureIps,
  transfersOfProof,
} from '../repositories/copyright-deals.js';
import {
  answerOffer,
  buyListing,
  cancelDeal,
  makeOffer,
  payOffer,
  publishListing,
  reviewListing,
  signDeal,
  termsOf,
} from '../services/copyright-trading.js';
import { transferContractPdf } from '../documents/transfer-contract.js';

const marketQuery = {
  type: 'object',
  properties: {
    keyword: { type: 'string', title: '关键词', maxLength: 40 },
    workCategory: { type: 'integer', title: '作品类别', minimum: 1, maximum: 1000 },
    right: { type: 'string', title: '权利', pattern: '^[a-z]{2,30}$' },
    mode: { type: 'string', title: '交易方式', enum: ['transfer', 'licence'] },
    minPrice: { type: 'integer', title: '最低价格', minimum: 0 },
    maxPrice: { type: 'integer', title: '最高价格', minimum: 0 },
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 50, default: 12 },
  },
  additionalProperties: false,
} as const;
const signBody = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', title: '短信验证码', pattern: '^[0-9]{6}$' } },
  additionalProperties: false,
} as const;
const reviewBody = {
  type: 'object',
  required: ['approve'],
  properties: {
    approve: { type: 'boolean', title: '是否通过' },
    reason: { type: 'string', title: '驳回原因', maxLength: 200 },
  },
  additionalProperties: false,
} as const;
const answerBody = {
  type: 'object',
  required: ['accept'],
  properties: { accept: { type: 'boolean', title: '是否接受' } },
  additionalProperties: false,
} as const;
const id = (req: { params: { id: number } }) => req.params.id;

/** /api/cytransfer: copyright market, listings, offers, escrowed deals, contract signing, chain of title. */
export default async function copyrightTradingRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/market',
    { schema: { summary: '版权市场', querystring: marketQuery, response: envelopeOf(marketSchema) } },
    async (req) => ok(await marketListings(app.db, req.query)),
  );

  app.get(
    '/listings/:id',
    { schema: { summary: '挂牌详情', params: idParams, response: envelopeOf(listingDetailSchema) } },
    async (req) => {
      const l = await findListing(app.db, id(req));
      const viewer = await req.currentUser();
      if (!l || (l.status !== 'listed' && l.status !== 'sold' && Number(viewer?.id) !== Number(l.sellerId)))
        throw new AppError(404, '挂牌不存在');
      return ok({ ...l, proof: await proofSummary(app.db, l.proofType, Number(l.proofId)) });
    },
  );

  /** Chain of title: the original holder (from the proof), then every completed transfer with its log entry. */
  app.get(
    '/listings/:id/chain',
    { schema: { summary: '权利链', params: idParams, response: envelopeOf(chainOfTitleSchema) } },
    async (req) => {
      const l = await findListing(app.db, id(req));
      if (!l) throw new AppError(404, '挂牌不存在');
      return ok({
        original: await originalHolder(app.db, l.proofType, Number(l.proofId)),
        transfers: await transfersOfProof(app.db, l.proofType, Number(l.proofId)),
      });
    },
  );

  app.get(
    '/proofs',
    { schema: { summary: '可挂牌的权属证明', response: envelopeOf(titleProofListSchema) } },
    async (req) => ok(await listableProofsOf(app.db, Number((await req.requireUser()).id))),
  );

  app.post(
    '/listings',
    {
      config: { formSchema: 'lumen:forms/copyright-listing' },
      schema: { summary: '发布版权挂牌', response: envelopeOf(createdIdSchema) },
    },
    async (req) => {
      const user = await req.requireUser();
      const form = await validateRouteForm(req);
      return ok({ id: await publishListing(app.db, Number(user.id), form) }, '已提交，审核通过后公开');
    },
  );

  app.get('/mine', { schema: { summary: '我的版权交易', response: envelopeOf(myTradingSchema) } }, async (req) => {
    const uid = Number((await req.requireUser()).id);
    return ok({
      listings: await sellerListings(app.db, uid),
      sales: await dealsOf(app.db, uid, 'seller'),
      purchases: await dealsOf(app.db, uid, 'buyer'),
    });
  });

  app.post(
    '/listings/:id/buy',
    { schema: { summary: '一口价购买', params: idParams, response: envelopeOf(dealIdSchema) } },
    async (req) => {
      const user = await req.requireUser();
      return ok(
        { dealId: await buyListing(app.db, id(req), Number(user.id)) },
        '已付款，款项由平台托管，请双方签署合同',
      );
    },
  );

  app.post(
    '/listings/:id/offers',
    {
      config: { formSchema: 'lumen:forms/copyright-offer' },
      schema: { summary: '出价', params: idParams, response: envelopeOf(dealIdSchema) },
    },
    async (req) => {
      const user = await req.requireUser();
      const form = await validateRouteForm(req);
      return ok(
        { dealId: await makeOffer(app.db, id(req), Number(user.id), Math.round(form.price * 100), form.message ?? '') },
        '出价已提交，等待权利人回复',
      );
    },
  );

  app.post(
    '/deals/:id/answer',
    { schema: { summary: '答复出价', params: idParams, body: answerBody, response: envelopeOf(noData) } },
    async (req) => {
      const user = await req.requireUser();
      const accept = req.body.accept;
      await answerOffer(app.db, id(req), Number(user.id), accept);
      return ok(null, accept ? '已接受出价，等待买家付款' : '已拒绝出价');
    },
  );

  app.post(
    '/deals/:id/pay',
    { schema: { summary: '支付出价', params: idParams, response: envelopeOf(noData) } },
    async (req) => {
      const user = await req.requireUser();
      await payOffer(app.db, id(req), Number(user.id));
      return ok(null, '已付款，款项由平台托管，请双方签署合同');
    },
  );

  app.post(
    '/deals/:id/cancel',
    { schema: { summary: '撤销交易', params: idParams, response: envelopeOf(noData) } },
    async (req) => {
      const user = await req.requireUser();
      await cancelDeal(app.db, id(req), Number(user.id));
      return ok(null, '交易已撤销');
    },
  );

  app.post(
    '/deals/:id/sign/code',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { summary: '发送签署验证码', params: idParams, response: envelopeOf(noData) },
    },
    async (req) => {
      const user = await req.requireUser();
      const d = await findDealFor(app.db, id(req), Number(user.id));
      if (!d) throw new AppError(404, '交易不存在');
      if (d.status !== 'escrowed') throw new AppError(409, '买家付款进入托管后才能签署');
      if (!user.phone) throw new AppError(400, '请先绑定手机号');
      const code = await issueCodeWithinLimits(app.db, app.config.smsCodePepper, user.phone, 'sign', req.ip, {
        perIp: false,
      });
      await smsGateway(app.db).send(
        user.phone,
        `【流明素材】验证码${code}，用于签署版权交易合同（编号 ${d.id}），5分钟内有效。如非本人操作，请忽略本短信。`,
      );
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/deals/:id/sign',
    { schema: { summary: '签署转让合同', params: idParams, body: signBody, response: envelopeOf(dealSignedSchema) } },
    async (req) => {
      const user = await req.requireUser();
      const d = await findDealFor(app.db, id(req), Number(user.id));
      if (!d) throw new AppError(404, '交易不存在');
      if (!user.phone) throw new AppError(400, '请先绑定手机号');
      await consumeCode(app.db, app.config.smsCodePepper, user.phone, 'sign', req.body.code);
      const r = await signDeal(app.db, Number(d.id), Number(user.id), req.ip);
      return ok(r, r.completed ? '双方均已签署：款项已支付给权利人，转让已写入存证记录' : '已签署，等待对方签署');
    },
  );

  app.get(
    '/deals/:id/contract',
    { schema: { params: idParams, response: fileAnswer('application/pdf', '版权交易合同 PDF') } },
    async (req, reply) => {
      const user = await req.requireUser();
      const d = await findDealFor(app.db, id(req), Number(user.id));
      if (!d || !['escrowed', 'completed', 'cancelled'].includes(d.status)) throw new AppError(404, '合同不存在');
      const raw = await signatureIps(app.db, Number(d.id));
      const pdf = await transferContractPdf(termsOf(d), {
        buyer: d.buyerSignedAt ? { at: d.buyerSignedAt, ip: raw.buyer_sign_ip } : null,
        seller: d.sellerSignedAt ? { at: d.sellerSignedAt, ip: raw.seller_sign_ip } : null,
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(`版权交易合同-${d.id}.pdf`))
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/admin/pending',
    { schema: { summary: '待审核挂牌', response: envelopeOf(listingListSchema) } },
    async (req) => {
      await requireStaff(req);
      return ok(await pendingListings(app.db));
    },
  );

  app.post(
    '/admin/listings/:id/review',
    { schema: { summary: '审核挂牌', params: idParams, body: reviewBody, response: envelopeOf(noData) } },
    async (req) => {
      const staff = await requireStaff(req);
      const b = req.body;
      if (!b.approve && !b.reason?.trim()) throw new AppError(400, '请填写驳回原因');
      await reviewListing(app.db, id(req), Number(staff.id), b.approve, b.reason?.trim());
      return ok(null, b.approve ? '已通过，挂牌已公开' : '已驳回');
    },
  );
}
