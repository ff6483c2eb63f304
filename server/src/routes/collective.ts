import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import {
  collectiveLeaveSchema,
  collectiveMemberSchema,
  collectivePlanSchema,
  myCollectiveSchema,
  poolRevenueListSchema,
  poolRevenueRecordedSchema,
  poolWorksCountSchema,
} from '../../../src/schemas/api/collective-responses.js';
import { validateRouteForm } from './form-validate.js';
import { idProp } from '../http/params.js';
import { requireStaff } from '../plugins/staff.js';
import { findMember, listRevenue, memberShares, planStats, worksForPool } from '../repositories/collective.js';
import {
  choosePoolWorks,
  currentCollectivePlan,
  joinPlan,
  leavePlan,
  recordPoolRevenue,
  stayInPlan,
} from '../services/collective.js';

const worksBody = {
  type: 'object',
  required: ['materialIds'],
  properties: { materialIds: { type: 'array', title: '入池作品', maxItems: 10000, items: idProp('作品编号') } },
  additionalProperties: false,
} as const;

/**
 * /api/collective: the collective copyright plan — public rule and figures, a creator's
 * membership, pool works and shares, and (under /admin) staff recording pool income.
 */
export default async function collectiveRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get('/plan', { schema: { summary: '集体版权计划', response: envelopeOf(collectivePlanSchema) } }, async () =>
    ok({ rule: await currentCollectivePlan(app.db), ...(await planStats(app.db)) }),
  );

  app.get('/me', { schema: { summary: '我的集体版权计划', response: envelopeOf(myCollectiveSchema) } }, async (req) => {
    const user = await req.requireUser();
    const id = Number(user.id);
    const shares = await memberShares(app.db, id);
    return ok({
      rule: await currentCollectivePlan(app.db),
      creator: user.roles.includes('creator'),
      member: await findMember(app.db, id),
      works: await worksForPool(app.db, id),
      shares,
      totalShareCents: shares.reduce((s, x) => s + Number(x.amountCents), 0),
    });
  });

  app.post(
    '/join',
    {
      config: { formSchema: 'lumen:forms/collective-join', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { summary: '加入集体版权计划', response: envelopeOf(collectiveMemberSchema) },
    },
    async (req) => {
      const user = await req.requireUser();
      await validateRouteForm(req);
      await joinPlan(app.db, user);
      return ok(await findMember(app.db, Number(user.id)), '已加入集体版权计划');
    },
  );

  app.put(
    '/works',
    { schema: { summary: '选择入池作品', body: worksBody, response: envelopeOf(poolWorksCountSchema) } },
    async (req) => {
      const user = await req.requireUser();
      const n = await choosePoolWorks(app.db, Number(user.id), req.body.materialIds);
      return ok({ count: n }, `已更新入池作品（${n} 件）`);
    },
  );

  app.post('/leave', { schema: { summary: '申请退出', response: envelopeOf(collectiveLeaveSchema) } }, async (req) => {
    const user = await req.requireUser();
    const r = await leavePlan(app.db, Number(user.id));
    return ok(r, '已提交退出申请，通知期满后退出');
  });

  app.post('/leave/cancel', { schema: { summary: '撤销退出申请', response: envelopeOf(noData) } }, async (req) => {
    const user = await req.requireUser();
    await stayInPlan(app.db, Number(user.id));
    return ok(null, '已撤销退出申请');
  });

  app.get(
    '/admin/revenue',
    { schema: { summary: '集体授权收入', response: envelopeOf(poolRevenueListSchema) } },
    async (req) => {
      await requireStaff(req);
      return ok(await listRevenue(app.db));
    },
  );

  app.post(
    '/admin/revenue',
    {
      config: { formSchema: 'lumen:forms/collective-revenue' },
      schema: { summary: '记录并分配集体授权收入', response: envelopeOf(poolRevenueRecordedSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const form = await validateRouteForm(req);
      const r = await recordPoolRevenue(app.db, Number(staff.id), {
        reference: form.reference,
        licensee: String(form.licensee).trim(),
        amountCents: Math.round(form.amount * 100),
      });
      return ok(r, r.replayed ? '该凭证号已记录过，未重复分配' : '已记录并分配');
    },
  );
}
