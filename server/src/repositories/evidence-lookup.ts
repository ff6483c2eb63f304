import type { Queryable } from '../db/index.js';

/**
 * Completed deposits of one file fingerprint, oldest first (the earliest proves the earliest
 * existence). Public: it names what a certificate already prints (number, work, holder's
 * nickname, time), and only for someone who holds the file or its hash.
 */
export async function depositsBySha256(q: Queryable, sha256: string, depositedStatus: number) {
  const r = await q.query(
    `SELECT d.cert_no AS "certNo", d.work_name AS "workName", d.work_category AS "workCategory", u.nickname AS owner,
            d.file_name AS "fileName", d.deposited_at AS "depositedAt", d.ledger_height AS "ledgerHeight"
       FROM evidence_deposits d JOIN users u ON u.id = d.user_id
      WHERE d.sha256 = $1 AND d.status = $2 AND d.cert_no IS NOT NULL ORDER BY d.deposited_at, d.id LIMIT 20`,
    [sha256, depositedStatus],
  );
  return r.rows;
}
