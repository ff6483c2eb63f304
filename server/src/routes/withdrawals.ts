import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../lib/envelope.js';
import { registerResourceRoutes, userFor } from '../lib/resource-routes.js';
import { earningsOf, insertWithdrawal, lockUser, withdrawalTable } from '../repositories/withdrawals.js';

const yuan = (cents: number) => (cents / 100).toFixed(2);

/**
 * /api/user/withdrawal — creator withdrawals; status table lumen:status/withdrawal
 * (0 pending, 1 paid, 2 rejected, 3 cancelled). Earnings come from creator_earnings.
 */
export default async function withdrawals(app: FastifyInstance) {
  app.get('/summary', async (req) => {
    const user = await userFor(req, 'creator');
    return ok(await earningsOf(app.db, Number(user.id)));
  });

  registerResourceRoutes(app, {
    table: withdrawalTable,
    schemaId: 'lumen:forms/withdrawal',
    role: 'creator',
    create: (db, user, form) =>
      db.tx(async (q) => {
        const amountCents = Math.round(Number(form.amount) * 100);
        await lockUser(q, Number(user.id));
        const e = await earningsOf(q, Number(user.id));
        if (amountCents > e.availableCents) {
          throw new AppError(400, `提现金额超过可提现收益（可提现 ¥${yuan(Math.max(0, e.availableCents))}）`, { fieldErrors: { '/amount': '提现金额超过可提现收益' } });
        }
        return insertWithdrawal(q, Number(user.id), amountCents, form);
      }),
    transitions: { cancel: { from: [0], to: 3, refused: '该提现已处理，不能取消' } },
  });
}
