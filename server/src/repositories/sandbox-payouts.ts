import type { Queryable } from '../db/index.js';

export interface SandboxPayoutRow {
  payoutId: string;
  amountCents: number;
  accountNo: string;
}

/**
 * The payment sandbox's transfer books: stores a payout once per (provider, payout number) and
 * returns the stored one, so a repeated request answers the first transfer instead of paying again.
 */
export async function recordSandboxPayout(
  db: Queryable,
  p: {
    provider: string;
    payoutNo: string;
    payoutId: string;
    amountCents: number;
    payeeType: string;
    accountNo: string;
    accountName: string;
  },
): Promise<SandboxPayoutRow> {
  await db.query(
    `INSERT INTO sandbox_payouts(provider, payout_no, payout_id, amount_cents, payee_type, account_no, account_name) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (provider, payout_no) DO NOTHING`,
    [p.provider, p.payoutNo, p.payoutId, p.amountCents, p.payeeType, p.accountNo, p.accountName],
  );
  const stored = await db.query<SandboxPayoutRow>(
    'SELECT payout_id AS "payoutId", amount_cents AS "amountCents", account_no AS "accountNo" FROM sandbox_payouts WHERE provider = $1 AND payout_no = $2',
    [p.provider, p.payoutNo],
  );
  return { ...stored.rows[0], amountCents: Number(stored.rows[0].amountCents) };
}
