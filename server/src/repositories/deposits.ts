import type { Queryable } from '../db/index.js';
import { col } from '../http/list-query.js';
import type { OwnedTable } from './owned-records.js';

export const depositTable: OwnedTable = {
  table: 'evidence_deposits',
  owner: 'user_id',
  select:
    'id, material_id, work_name, work_category, form, file_name, file_size, mime, sha256, status, ledger_height, cert_no, created_at, deposited_at',
  list: {
    columns: {
      id: col.bigint('id', '编号'),
      status: col.smallint('status', '状态'),
      work_category: col.int('work_category', '作品类别'),
      work_name: col.text('work_name', '作品名称'),
      created_at: col.time('created_at', '存证时间'),
      cert_no: col.text('cert_no', '证书编号'),
    },
    sortable: ['created_at'],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
};

/** Evidence-deposit status codes used here (lumen:status/evidence-deposit). */
export const DEPOSIT = { DEPOSITED: 1, DEPOSITING: 2, FAILED: 4 } as const;

export interface NewDeposit {
  userId: number;
  materialId: number | null;
  workName: string;
  workCategory: number;
  form: Record<string, unknown>;
  fileName: string;
  fileKey: string;
  fileSize: number;
  mime: string;
  sha256: string;
}

export async function insertDeposit(q: Queryable, d: NewDeposit): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO evidence_deposits(user_id, material_id, work_name, work_category, form, file_name, file_key, file_size, mime, sha256, status)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) RETURNING id`,
    [
      d.userId,
      d.materialId,
      d.workName,
      d.workCategory,
      JSON.stringify(d.form),
      d.fileName,
      d.fileKey,
      d.fileSize,
      d.mime,
      d.sha256,
      DEPOSIT.DEPOSITING,
    ],
  );
  return Number(r.rows[0].id);
}

export async function markDeposited(q: Queryable, id: number, height: number, certNo: string): Promise<void> {
  await q.query(
    'UPDATE evidence_deposits SET status = $2, ledger_height = $3, cert_no = $4, deposited_at = now() WHERE id = $1 AND status = $5',
    [id, DEPOSIT.DEPOSITED, height, certNo, DEPOSIT.DEPOSITING],
  );
}

export async function markFailed(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE evidence_deposits SET status = $2 WHERE id = $1 AND status = $3', [
    id,
    DEPOSIT.FAILED,
    DEPOSIT.DEPOSITING,
  ]);
}

/** A deposit by certificate number, for public verification (no owner data beyond the nickname). */
export async function findByCertNo(q: Queryable, certNo: string) {
  const r = await q.query(
    `SELECT d.id, d.work_name, d.work_category, d.sha256, d.file_name, d.ledger_height, d.cert_no, d.deposited_at, d.status, d.user_id, u.nickname
       FROM evidence_deposits d JOIN users u ON u.id = d.user_id WHERE d.cert_no = $1`,
    [certNo],
  );
  return r.rows[0] as Record<string, any> | undefined;
}

export async function ownsMaterial(q: Queryable, userId: number, materialId: number): Promise<boolean> {
  return (
    (await q.query('SELECT 1 FROM materials WHERE id = $1 AND owner_id = $2', [materialId, userId])).rows.length > 0
  );
}

/**
 * Links a catalogue material to its deposit when the catalogue's material_evidence table exists
 * (the catalogue's migration 130; this module does not require it).
 */
export async function linkMaterialEvidence(
  q: Queryable,
  e: { materialId: number; certNo: string; sha256: string; blockHash: string; certificateUrl: string },
): Promise<boolean> {
  const t = await q.query<{ t: string | null }>("SELECT to_regclass('material_evidence')::text AS t");
  if (!t.rows[0]?.t) return false;
  await q.query(
    `INSERT INTO material_evidence(material_id, cert_no, file_hash, ledger_hash, certificate_url) VALUES ($1,$2,$3,$4,$5)
     ON CONFLICT (material_id) DO UPDATE SET cert_no = EXCLUDED.cert_no, file_hash = EXCLUDED.file_hash, ledger_hash = EXCLUDED.ledger_hash,
       certificate_url = EXCLUDED.certificate_url, deposited_at = now()`,
    [e.materialId, e.certNo, e.sha256, e.blockHash, e.certificateUrl],
  );
  return true;
}

export const fileKeyOf = async (q: Queryable, id: number): Promise<string | undefined> =>
  (await q.query<{ file_key: string }>('SELECT file_key FROM evidence_deposits WHERE id = $1', [id])).rows[0]?.file_key;
