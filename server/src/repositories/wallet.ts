import type { Queryable } from '../db/index.js';
import { col, parseListQuery, type ListSpec } from '../http/list-query.js';

/**
 * Debits a balance in one statement that cannot overdraw; null when the balance is short.
 * Records the movement with the balance after it and returns the wallet transaction's id.
 */
export async function debit(
  db: Queryable,
  userId: number,
  amountCents: number,
  orderId: number | null,
  note: string,
  kind = 'pay',
): Promise<number | null> {
  const r = await db.query<{ balance: number }>(
    'UPDATE users SET balance_cents = balance_cents - $2 WHERE id = $1 AND balance_cents >= $2 RETURNING balance_cents AS balance',
    [userId, amountCents],
  );
  if (r.rowCount !== 1) return null;
  const tx = await db.query<{ id: number }>(
    `INSERT INTO wallet_transactions(user_id, amount_cents, balance_after, kind, order_id, note) VALUES ($1, $2, $3, $6, $4, $5) RETURNING id`,
    [userId, -amountCents, r.rows[0].balance, orderId, note, kind],
  );
  return Number(tx.rows[0].id);
}

/** Credits a balance and records the movement (with its order, for refunds); returns the wallet transaction's id. */
export async function credit(
  db: Queryable,
  userId: number,
  amountCents: number,
  kind: string,
  note: string,
  orderId: number | null = null,
): Promise<number> {
  const r = await db.query<{ balance: number }>(
    'UPDATE users SET balance_cents = balance_cents + $2 WHERE id = $1 RETURNING balance_cents AS balance',
    [userId, amountCents],
  );
  const tx = await db.query<{ id: number }>(
    `INSERT INTO wallet_transactions(user_id, amount_cents, balance_after, kind, order_id, note) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, amountCents, r.rows[0].balance, kind, orderId, note],
  );
  return Number(tx.rows[0].id);
}

export async function balanceOf(db: Queryable, userId: number): Promise<number> {
  return Number(
    (await db.query<{ b: number }>('SELECT balance_cents AS b FROM users WHERE id = $1', [userId])).rows[0]?.b ?? 0,
  );
}

export const WALLET_LIST: ListSpec = {
  columns: {
    id: col.bigint('id', '编号'),
    kind: col.text('kind', '类型'),
    createdAt: col.time('created_at', '时间'),
    amountCents: col.bigint('amount_cents', '金额'),
  },
  defaultSort: { field: 'id', order: 'desc' },
};

export async function listTransactions(db: Queryable, userId: number, query: Record<string, any>) {
  const q = parseListQuery(query, WALLET_LIST, [userId]);
  const where = ['user_id = $1', ...q.where].join(' AND ');
  const list = await db.query(
    `SELECT id, amount_cents AS "amountCents", balance_after AS "balanceAfter", kind, order_id AS "orderId", note, created_at AS "createdAt"
     FROM wallet_transactions WHERE ${where} ORDER BY ${q.orderBy} LIMIT ${q.limit} OFFSET ${q.offset}`,
    q.params,
  );
  const total = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM wallet_transactions WHERE ${where}`,
    q.params,
  );
  return { list: list.rows, total: total.rows[0].n };
}
