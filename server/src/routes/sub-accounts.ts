import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import {
  approvalListSchema,
  companyOrdersSchema,
  subAccountListSchema,
  subAccountSchema,
  subPaymentSchema,
} from '../../../src/schemas/api/sub-account-responses.js';
import { idProp } from '../http/params.js';
import { validateRouteForm } from './form-validate.js';
import {
  companyOrders,
  findSubAccount,
  listApprovals,
  listSubAccounts,
  updateSubAccount,
  chinaMonth,
  type SubAccountRow,
} from '../repositories/sub-accounts.js';
import {
  createSubAccount,
  decideSubPurchase,
  moveSubAccount,
  payAsSubAccount,
  requireCompanyAdmin,
} from '../services/sub-accounts.js';

const SCHEMA_ID = 'lumen:forms/sub-account';
const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;

/** A sub-account as the company sees it: this month's spend is 0 once the month turned. */
const view = (s: SubAccountRow) => ({
  ...s,
  monthlyLimit: Number(s.monthlyLimitCents) / 100,
  spentThisMonthCents: s.spentMonth === chinaMonth() ? Number(s.spentCents) : 0,
});

/**
 * /api/user/sub-accounts: the company admin's sub-accounts (list, create, edit, disable, enable,
 * delete), their approval inbox and every sub-account's orders; POST /pay is the sub-account's
 * payment with company money (paid within the monthly limit, else an approval request).
 */
export default async function subAccountRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const admin = async (req: FastifyRequest) => requireCompanyAdmin(await req.requireUser());

  app.get('/', { schema: { summary: '子账号列表', response: envelopeOf(subAccountListSchema) } }, async (req) =>
    ok((await listSubAccounts(app.db, await admin(req))).map(view)),
  );

  app.post(
    '/',
    { config: { formSchema: SCHEMA_ID }, schema: { summary: '新建子账号', response: envelopeOf(subAccountSchema) } },
    async (req) => {
      const companyId = await admin(req);
      const form = await validateRouteForm(req);
      const id = await createSubAccount(app.db, companyId, form as any);
      return ok(view((await findSubAccount(app.db, id, companyId))!), '子账号已创建，可使用该手机号短信登录');
    },
  );

  app.put(
    '/:id',
    {
      config: { formSchema: SCHEMA_ID },
      schema: { params: idParams, summary: '修改子账号', response: envelopeOf(subAccountSchema) },
    },
    async (req) => {
      const companyId = await admin(req);
      const id = req.params.id;
      const row = await findSubAccount(app.db, id, companyId);
      if (!row || row.status === 'deleted') throw new AppError(404, '子账号不存在');
      const form = await validateRouteForm(req, { stored: { phone: row.phone } });
      await updateSubAccount(app.db, companyId, id, {
        nickname: String(form.nickname).trim(),
        role: form.role,
        monthlyLimitCents: Math.round(Number(form.monthlyLimit) * 100),
      });
      return ok(view((await findSubAccount(app.db, id, companyId))!), '已保存');
    },
  );

  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `/:id/${action}`,
      {
        schema: {
          params: idParams,
          summary: action === 'disable' ? '停用子账号' : '启用子账号',
          response: envelopeOf(noData),
        },
      },
      async (req) => {
        await moveSubAccount(app.db, await admin(req), req.params.id, action);
        return ok(null, action === 'disable' ? '已停用，该子账号已退出登录' : '已启用');
      },
    );
  }

  app.delete(
    '/:id',
    { schema: { params: idParams, summary: '删除子账号', response: envelopeOf(noData) } },
    async (req) => {
      await moveSubAccount(app.db, await admin(req), req.params.id, 'delete');
      return ok(null, '已删除');
    },
  );

  app.get(
    '/approvals',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            status: {
              type: 'string',
              title: '审批状态',
              enum: ['pending', 'approved', 'rejected'],
              default: 'pending',
            },
          },
          additionalProperties: false,
        },
        summary: '采购审批',
        response: envelopeOf(approvalListSchema),
      },
    },
    async (req) => ok(await listApprovals(app.db, await admin(req), req.query.status)),
  );

  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post(
      `/approvals/:id/${action}`,
      {
        schema: { params: idParams, summary: approve ? '批准采购' : '驳回采购', response: envelopeOf(noData) },
      },
      async (req) => {
        await decideSubPurchase(app.db, await admin(req), req.params.id, approve);
        return ok(null, approve ? '已批准并由企业钱包支付' : '已驳回');
      },
    );
  }

  app.get(
    '/orders',
    { schema: { querystring: pageQuery, summary: '企业及子账号订单', response: envelopeOf(companyOrdersSchema) } },
    async (req) => {
      const q = req.query;
      return ok(await companyOrders(app.db, await admin(req), q.page, q.pageSize));
    },
  );

  app.post(
    '/pay',
    {
      schema: {
        body: {
          type: 'object',
          required: ['orderId'],
          properties: { orderId: idProp('订单编号') },
          additionalProperties: false,
        },
        summary: '子账号用企业钱包支付',
        response: envelopeOf(subPaymentSchema),
      },
    },
    async (req) => {
      const r = await payAsSubAccount(app.db, await req.requireUser(), req.body.orderId);
      return ok(r, r.status === 'paid' ? '支付成功（企业钱包）' : '超出本月额度，已提交企业管理员审批');
    },
  );
}
