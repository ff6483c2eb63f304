import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { mustGetOwned, registerResourceRoutes, userFor } from './resource-routes.js';
import { idParams } from '../http/params.js';
import { earningsOf, insertWithdrawal, lockUser, withdrawalTable } from '../repositories/withdrawals.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { earningsSummarySchema } from '../../../src/schemas/api/earnings.js';
import { withdrawalEventListSchema, withdrawalRecordSchema } from '../../../src/schemas/api/withdrawal-responses.js';
import { addWithdrawalEvent, withdrawalEvents, withdrawalOwner } from '../repositories/withdrawal-review.js';

const yuan = (cents: number) => (cents / 100).toFixed(2);

/**
 * /api/user/withdrawal — creator withdrawals; status table lumen:status/withdrawal
 * (0 pending, 4 paying, 1 paid, 2 rejected, 3 cancelled). They draw on the earnings ledger
 * (creator_earnings): only credits past their holding period, minus what other withdrawals hold.
 * Staff decide them at /api/admin/withdrawals; every step is in withdrawal_events.
 */
export default async function withdrawals(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get('/summary', { schema: { summary: '收益余额', response: envelopeOf(earningsSummarySchema) } }, async (req) => {
    const user = await userFor(req, 'creator');
    return ok(await earningsOf(app.db, Number(user.id)));
  });

  /** A withdrawal's status history (its owner only), for /creator/withdraw/detail. */
  app.get(
    '/:id/events',
    { schema: { summary: '提现状态记录', params: idParams, response: envelopeOf(withdrawalEventListSchema) } },
    async (req) => {
      const user = await userFor(req, 'creator');
      const id = req.params.id;
      await mustGetOwned(app.db, withdrawalTable, Number(user.id), id);
      return ok({ list: await withdrawalEvents(app.db, id) });
    },
  );

  registerResourceRoutes(app, {
    table: withdrawalTable,
    schemaId: 'lumen:forms/withdrawal',
    record: withdrawalRecordSchema,
    role: 'creator',
    // The user row lock serialises one creator's requests, so two parallel ones cannot both pass
    // the balance check (each sees the other's committed row after the lock).
    create: (db, user, form) =>
      db.tx(async (q) => {
        const amountCents = Math.round(Number(form.amount) * 100);
        await lockUser(q, Number(user.id));
        const e = await earningsOf(q, Number(user.id));
        if (amountCents > e.availableCents) {
          const held = e.heldCents > 0 ? `，另有 ¥${yuan(e.heldCents)} 在结算周期内，到期后可提现` : '';
          throw new AppError(400, `提现金额超过可提现收益（可提现 ¥${yuan(Math.max(0, e.availableCents))}${held}）`, {
            fieldErrors: { '/amount': '提现金额超过可提现收益' },
          });
        }
        const id = await insertWithdrawal(q, Number(user.id), amountCents, form);
        await addWithdrawalEvent(q, {
          withdrawalId: id,
          actorId: Number(user.id),
          actorRole: 'creator',
          action: 'requested',
          fromStatus: null,
          toStatus: 0,
        });
        return id;
      }),
    transitions: {
      cancel: {
        from: [0],
        to: 3,
        refused: '该提现已处理，不能取消',
        // Only the owner reaches a transition, so the owner is the actor.
        after: async (q, id) => {
          await addWithdrawalEvent(q, {
            withdrawalId: id,
            actorId: await withdrawalOwner(q, id),
            actorRole: 'creator',
            action: 'cancelled',
            fromStatus: 0,
            toStatus: 3,
          });
        },
      },
    },
  });
}
