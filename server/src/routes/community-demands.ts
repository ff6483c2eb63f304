import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { createdIdSchema } from '../../../src/schemas/api/action-responses.js';
import {
  deliveryAcceptedSchema,
  demandDetailSchema,
  demandListSchema,
  myDemandsSchema,
} from '../../../src/schemas/api/community-responses.js';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { validateRouteForm } from './form-validate.js';
import { idProp } from '../http/params.js';
import {
  demandsOfBuyer,
  findDemand,
  listDemands,
  responsesFor,
  responsesOfCreator,
  type Demand,
} from '../repositories/community-demands.js';
import {
  acceptDelivery,
  cancelDemand,
  deliver,
  disputeDemand,
  pickResponse,
  postDemand,
  respond,
} from '../services/community-demands.js';
import { enumCodes } from '../../../src/schemas/index.js';

const listQuery = {
  type: 'object',
  properties: {
    status: { type: 'string', title: '状态', enum: ['open', 'in_progress', 'delivered', 'completed'], default: 'open' },
    mode: { type: 'string', title: '交易模式', enum: ['bounty', 'bid'] },
    materialType: { type: 'integer', title: '素材类型', enum: enumCodes<number>('lumen:enums/material-type') },
    keyword: { type: 'string', title: '关键词', maxLength: 40 },
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 50, default: 10 },
  },
  additionalProperties: false,
} as const;
const pickBody = {
  type: 'object',
  required: ['responseId'],
  properties: { responseId: idProp('响应编号') },
  additionalProperties: false,
} as const;
const id = (req: { params: { id: number } }) => req.params.id;

/**
 * A demand as this viewer may see it: money references (escrow, release, refund, licence order)
 * and the dispute reason are the parties' business, the buyer's and the picked creator's; the
 * demand itself is public. One rule for the list and the detail.
 */
function shownTo<T extends Demand>(d: T, viewerId: number | undefined) {
  if (viewerId !== undefined && (viewerId === d.buyerId || viewerId === d.pickedCreatorId)) return d;
  const { escrowTxId, releaseTxId, refundTxId, disputeReason, orderId, ...pub } = d;
  return pub;
}

/**
 * /community/api/demands: free demand posting. Buyers post demands (bounty: reward escrowed now;
 * bid: quotes escrowed when picked), creators respond with a work or a proposal, the buyer picks
 * one, the creator delivers, the buyer accepts (escrow released, licence granted) or either side
 * disputes to staff (/community/api/admin/disputes).
 */
export default async function communityDemandRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/',
    { schema: { summary: '需求', querystring: listQuery, response: envelopeOf(demandListSchema) } },
    async (req) => {
      const viewer = await req.currentUser();
      const page = await listDemands(app.db, req.query);
      return ok({ ...page, list: page.list.map((d) => shownTo(d, viewer ? Number(viewer.id) : undefined)) });
    },
  );

  app.get('/mine', { schema: { summary: '我的需求与响应', response: envelopeOf(myDemandsSchema) } }, async (req) => {
    const uid = Number((await req.requireUser()).id);
    return ok({ demands: await demandsOfBuyer(app.db, uid), responses: await responsesOfCreator(app.db, uid) });
  });

  app.get(
    '/:id',
    { schema: { summary: '需求详情', params: idParams, response: envelopeOf(demandDetailSchema) } },
    async (req) => {
      const d = await findDemand(app.db, id(req));
      if (!d) throw new AppError(404, '需求不存在');
      const viewer = await req.currentUser();
      return ok({ ...shownTo(d, viewer ? Number(viewer.id) : undefined), responses: await responsesFor(app.db, d.id) });
    },
  );

  app.post(
    '/',
    {
      config: { formSchema: 'lumen:forms/community-demand' },
      schema: { summary: '发布需求', response: envelopeOf(createdIdSchema) },
    },
    async (req) => {
      const user = await req.requireUser();
      const form = await validateRouteForm(req);
      const r = await postDemand(app.db, user, form);
      return ok(
        { id: r.id },
        r.repeated ? '该需求已发布' : form.mode === 'bounty' ? '需求已发布，赏金已由平台托管' : '需求已发布',
      );
    },
  );

  app.post(
    '/:id/responses',
    {
      config: { formSchema: 'lumen:forms/community-response' },
      schema: { summary: '响应需求', params: idParams, response: envelopeOf(createdIdSchema) },
    },
    async (req) => {
      const user = await req.requireUser();
      const form = await validateRouteForm(req);
      return ok({ id: await respond(app.db, user, id(req), form) }, '已提交响应，等待需求方选择');
    },
  );

  app.post(
    '/:id/pick',
    { schema: { summary: '选定创作者', params: idParams, body: pickBody, response: envelopeOf(noData) } },
    async (req) => {
      const user = await req.requireUser();
      await pickResponse(app.db, Number(user.id), id(req), req.body.responseId);
      return ok(null, '已选定创作者，款项由平台托管，交付验收后支付');
    },
  );

  app.post(
    '/:id/deliver',
    {
      config: { formSchema: 'lumen:forms/community-delivery' },
      schema: { summary: '交付作品', params: idParams, response: envelopeOf(noData) },
    },
    async (req) => {
      const user = await req.requireUser();
      const form = await validateRouteForm(req);
      await deliver(app.db, Number(user.id), id(req), form);
      return ok(null, '已交付，等待需求方验收');
    },
  );

  app.post(
    '/:id/accept',
    { schema: { summary: '验收交付', params: idParams, response: envelopeOf(deliveryAcceptedSchema) } },
    async (req) => {
      const user = await req.requireUser();
      return ok(
        await acceptDelivery(app.db, Number(user.id), id(req)),
        '已验收：款项已支付给创作者，作品授权已发放到您的账户',
      );
    },
  );

  app.post(
    '/:id/cancel',
    { schema: { summary: '取消需求', params: idParams, response: envelopeOf(noData) } },
    async (req) => {
      const user = await req.requireUser();
      await cancelDemand(app.db, Number(user.id), id(req));
      return ok(null, '需求已取消，托管款已退回钱包');
    },
  );

  app.post(
    '/:id/dispute',
    {
      config: { formSchema: 'lumen:forms/community-dispute' },
      schema: { summary: '申请平台仲裁', params: idParams, response: envelopeOf(noData) },
    },
    async (req) => {
      const user = await req.requireUser();
      const form = await validateRouteForm(req);
      await disputeDemand(app.db, Number(user.id), id(req), form.reason.trim());
      return ok(null, '已提交平台仲裁，托管款冻结至裁决');
    },
  );
}
