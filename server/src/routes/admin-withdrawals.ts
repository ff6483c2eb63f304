import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import {
  staffWithdrawalDataSchema,
  staffWithdrawalDetailSchema,
  staffWithdrawalListSchema,
} from '../../../src/schemas/api/admin-responses.js';
import { requireStaff } from '../plugins/staff.js';
import { validateRouteForm } from './form-validate.js';
import { PAYOUT_PROVIDER, payProviders } from '../adapters/pay/index.js';
import {
  findWithdrawalForStaff,
  listWithdrawalsForStaff,
  withdrawalEvents,
} from '../repositories/withdrawal-review.js';
import { earningsOf } from '../repositories/withdrawals.js';
import { approveWithdrawal, rejectWithdrawal } from '../services/withdrawal-review.js';
import { statusLabel } from '../../../src/schemas/index.js';

const listQuery = {
  type: 'object',
  properties: {
    status: { type: 'integer', title: '提现状态', enum: [0, 4, 1, 2, 3], default: 0 },
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;

/**
 * /api/admin/withdrawals (staff only): creators' withdrawal requests; approving pays them out
 * through the payment adapter (once), refusing returns the amount to the creator's available
 * earnings with a reason the creator sees. Statuses: lumen:status/withdrawal.
 */
export default async function adminWithdrawalRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const provider = payProviders(app.config, app.db)[PAYOUT_PROVIDER];

  app.get(
    '/list',
    { schema: { summary: '提现申请', querystring: listQuery, response: envelopeOf(staffWithdrawalListSchema) } },
    async (req) => {
      await requireStaff(req);
      const q = req.query;
      return ok(await listWithdrawalsForStaff(app.db, q.status, q.page, q.pageSize));
    },
  );

  /** One request with its history and the creator's balance, for the decision. */
  app.get(
    '/:id',
    { schema: { summary: '提现申请详情', params: idParams, response: envelopeOf(staffWithdrawalDetailSchema) } },
    async (req) => {
      await requireStaff(req);
      const w = await findWithdrawalForStaff(app.db, req.params.id);
      if (!w) throw new AppError(404, '提现申请不存在');
      return ok({
        ...w,
        events: await withdrawalEvents(app.db, w.id, true),
        earnings: await earningsOf(app.db, Number(w.userId)),
      });
    },
  );

  app.post(
    '/:id/approve',
    { schema: { summary: '通过并打款', params: idParams, response: envelopeOf(staffWithdrawalDataSchema) } },
    async (req) => {
      const staff = await requireStaff(req);
      const w = await approveWithdrawal(app.db, provider, req.params.id, Number(staff.id));
      req.log.info(
        { withdrawalId: w.id, amountCents: w.amountCents, payoutId: w.payoutId, staffId: staff.id },
        'withdrawal paid out',
      );
      return ok(w, '已通过并打款');
    },
  );

  app.post(
    '/:id/reject',
    {
      config: { formSchema: 'lumen:forms/withdrawal-reject' },
      schema: { summary: '驳回提现', params: idParams, response: envelopeOf(staffWithdrawalDataSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const form = await validateRouteForm(req);
      return ok(
        await rejectWithdrawal(app.db, req.params.id, Number(staff.id), String(form.reason).trim()),
        statusLabel('lumen:status/withdrawal', 2),
      );
    },
  );
}
