import crypto from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { col, parseListQuery, type ListSpec } from '../http/list-query.js';

/** Licences are granted once per paid order item (UNIQUE order_item_id makes a second grant a no-op). */
export async function grantLicences(db: Queryable, orderId: number): Promise<number> {
  const items = await db.query<{ id: number }>('SELECT id FROM order_items WHERE order_id = $1', [orderId]);
  let n = 0;
  for (const it of items.rows) {
    // 12 random base32-like characters: printed on the certificate, checked by /api/order/licence/verify.
    const code = crypto.randomBytes(8).toString('hex').toUpperCase().slice(0, 12);
    const r = await db.query(
      `INSERT INTO licences(user_id, order_id, order_item_id, material_id, scenario, level, licensee_type, licensee_name, verify_code)
       SELECT o.user_id, o.id, i.id, i.material_id, i.scenario, i.level, o.licensee_type, o.licensee_name, $2
       FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.id = $1
       ON CONFLICT (order_item_id) DO NOTHING`,
      [it.id, code],
    );
    n += r.rowCount;
  }
  return n;
}

/** Revokes an order's licences (the order was refunded): they stop entitling and stop being listed. */
export async function revokeOrderLicences(db: Queryable, orderId: number): Promise<number> {
  return (
    await db.query('UPDATE licences SET revoked_at = now() WHERE order_id = $1 AND revoked_at IS NULL', [orderId])
  ).rowCount;
}

const COLUMNS = `l.id, l.material_id AS "materialId", l.scenario, l.level, l.licensee_type AS "licenseeType",
  l.licensee_name AS "licenseeName", l.verify_code AS "verifyCode", l.created_at AS "createdAt",
  o.order_no AS "orderNo", o.id AS "orderId", i.title, i.material_type AS "type", i.price_cents AS "priceCents"`;
const FROM = 'licences l JOIN orders o ON o.id = l.order_id JOIN order_items i ON i.id = l.order_item_id';

export const LICENCE_LIST: ListSpec = {
  columns: {
    id: col.bigint('l.id', '授权编号'),
    title: col.text('i.title', '素材'),
    scenario: col.text('l.scenario', '授权场景'),
    orderNo: col.text('o.order_no', '订单号'),
    createdAt: col.time('l.created_at', '授权时间'),
    materialId: col.bigint('l.material_id', '素材编号'),
  },
  defaultSort: { field: 'id', order: 'desc' },
};

/** Licence records (one per licensed order line) — /account/authrecord. */
export async function listLicences(db: Queryable, userId: number, query: Record<string, any>) {
  const q = parseListQuery(query, LICENCE_LIST, [userId]);
  const where = ['l.user_id = $1', 'l.revoked_at IS NULL', ...q.where].join(' AND ');
  const list = await db.query(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY ${q.orderBy} LIMIT ${q.limit} OFFSET ${q.offset}`,
    q.params,
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`, q.params);
  return { list: list.rows, total: total.rows[0].n };
}

export const LICENSED_MATERIAL_LIST: ListSpec = { columns: { materialId: col.bigint('l.material_id', '素材编号') } };

/** Licensed materials (one row per material, with its scenarios) — /account/myauth. */
export async function listLicensedMaterials(db: Queryable, userId: number, query: Record<string, any>) {
  const q = parseListQuery(query, LICENSED_MATERIAL_LIST, [userId]);
  const where = ['l.user_id = $1', 'l.revoked_at IS NULL', ...q.where].join(' AND ');
  const list = await db.query(
    `SELECT l.material_id AS "materialId", max(i.title) AS title, max(i.material_type) AS type, max(m.cover_path) AS "coverPath",
            array_agg(DISTINCT l.scenario) AS scenarios, max(l.created_at) AS "licensedAt", max(l.id) AS "latestLicenceId",
            (m.original_path IS NOT NULL) AS "hasOriginal"
     FROM ${FROM} JOIN materials m ON m.id = l.material_id WHERE ${where}
     GROUP BY l.material_id, m.original_path ORDER BY max(l.id) DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
    q.params,
  );
  const total = await db.query<{ n: number }>(
    `SELECT count(DISTINCT l.material_id)::int AS n FROM licences l WHERE ${where}`,
    q.params,
  );
  return { list: list.rows, total: total.rows[0].n };
}

export async function findLicence(db: Queryable, userId: number, id: number) {
  return (
    (
      await db.query(
        `SELECT ${COLUMNS}, o.paid_at AS "paidAt" FROM ${FROM} WHERE l.id = $1 AND l.user_id = $2 AND l.revoked_at IS NULL`,
        [id, userId],
      )
    ).rows[0] ?? null
  );
}

/** Public check of a certificate's verification code: what it certifies, nothing more. */
export async function verifyLicence(db: Queryable, code: string) {
  return (
    (
      await db.query(
        `SELECT ${COLUMNS}, o.paid_at AS "paidAt" FROM ${FROM} WHERE l.verify_code = $1 AND l.revoked_at IS NULL`,
        [code.toUpperCase()],
      )
    ).rows[0] ?? null
  );
}

/** The licence that entitles a user to a material's original, if any. */
export async function licenceFor(db: Queryable, userId: number, materialId: number): Promise<number | null> {
  const r = await db.query<{ id: number }>(
    'SELECT id FROM licences WHERE user_id = $1 AND material_id = $2 AND revoked_at IS NULL ORDER BY id DESC LIMIT 1',
    [userId, materialId],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** Records a download; the material's `downloads` counter is the caller's (batched) job. */
export async function recordDownload(
  db: Queryable,
  d: { userId: number; materialId: number; licenceId: number | null; kind: 'original' | 'certificate' },
) {
  await db.query('INSERT INTO downloads(user_id, material_id, licence_id, kind) VALUES ($1, $2, $3, $4)', [
    d.userId,
    d.materialId,
    d.licenceId,
    d.kind,
  ]);
}

export const DOWNLOAD_LIST: ListSpec = {
  columns: {
    id: col.bigint('d.id', '编号'),
    kind: col.text('d.kind', '类型'),
    createdAt: col.time('d.created_at', '下载时间'),
    title: col.text('m.title', '素材'),
  },
  defaultSort: { field: 'id', order: 'desc' },
};

/** Download history — /account/historyList. */
export async function listDownloads(db: Queryable, userId: number, query: Record<string, any>) {
  const q = parseListQuery(query, DOWNLOAD_LIST, [userId]);
  const where = ['d.user_id = $1', ...q.where].join(' AND ');
  const from = 'downloads d JOIN materials m ON m.id = d.material_id';
  const list = await db.query(
    `SELECT d.id, d.kind, d.created_at AS "createdAt", d.material_id AS "materialId", d.licence_id AS "licenceId", m.title, m.type, m.cover_path AS "coverPath"
     FROM ${from} WHERE ${where} ORDER BY ${q.orderBy} LIMIT ${q.limit} OFFSET ${q.offset}`,
    q.params,
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, q.params);
  return { list: list.rows, total: total.rows[0].n };
}

export async function materialFile(db: Queryable, id: number) {
  return (
    (
      await db.query<{ id: number; title: string; originalPath: string | null; format: string | null }>(
        'SELECT id, title, original_path AS "originalPath", format FROM materials WHERE id = $1',
        [id],
      )
    ).rows[0] ?? null
  );
}

/** Which of these material+scenario pairs the user already holds a licence for, as "materialId:scenario" keys. */
export async function heldLicenceKeys(
  db: Queryable,
  userId: number,
  lines: Array<{ materialId: number; scenario: string }>,
): Promise<Set<string>> {
  if (!lines.length) return new Set();
  const r = await db.query<{ key: string }>(
    `SELECT DISTINCT material_id || ':' || scenario AS key FROM licences WHERE user_id = $1 AND material_id = ANY($2::bigint[]) AND revoked_at IS NULL`,
    [userId, [...new Set(lines.map((l) => l.materialId))]],
  );
  return new Set(r.rows.map((x) => x.key));
}

/** Titles of an order's lines whose material+scenario its buyer has been licensed by another order since. */
export async function heldOrderLines(db: Queryable, orderId: number): Promise<string[]> {
  const r = await db.query<{ title: string }>(
    `SELECT i.title FROM order_items i JOIN orders o ON o.id = i.order_id
     WHERE i.order_id = $1 AND EXISTS (
       SELECT 1 FROM licences l WHERE l.user_id = o.user_id AND l.material_id = i.material_id AND l.scenario = i.scenario AND l.order_id <> o.id
         AND l.revoked_at IS NULL)
     ORDER BY i.id`,
    [orderId],
  );
  return r.rows.map((x) => x.title);
}

/** What a licensed copy's Content Credentials state: the licence, its work and creator, the work's deposit certificate. */
export async function licenceCredentialFacts(db: Queryable, licenceId: number) {
  const r = await db.query<{
    id: number;
    materialId: number;
    scenario: string;
    licenseeName: string;
    verifyCode: string;
    createdAt: Date;
    orderNo: string;
    paidAt: Date | null;
    workTitle: string;
    creator: string | null;
    certNo: string | null;
    certificateUrl: string | null;
  }>(
    `SELECT ${COLUMNS}, o.paid_at AS "paidAt", m.title AS "workTitle", u.nickname AS creator,
            e.cert_no AS "certNo", e.certificate_url AS "certificateUrl"
       FROM ${FROM} JOIN materials m ON m.id = l.material_id LEFT JOIN users u ON u.id = m.owner_id
       LEFT JOIN material_evidence e ON e.material_id = m.id
      WHERE l.id = $1`,
    [licenceId],
  );
  return r.rows[0] ?? null;
}
