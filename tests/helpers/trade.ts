import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/src/db/index.js';

/** Inserts a material row directly (tests do not rely on the seed catalogue); optionally with an original file. */
export async function makeMaterial(
  app: FastifyInstance,
  db: Db,
  fields: { title?: string; priceCents?: number; type?: number; original?: Buffer } = {},
) {
  let originalPath: string | null = null;
  if (fields.original) originalPath = await app.storage.put(app.storage.newKey('originals', 'mp4'), fields.original);
  const r = await db.query<{ id: number }>(
    `INSERT INTO materials(type, title, price_cents, original_path, format) VALUES ($1, $2, $3, $4, 'MP4') RETURNING id`,
    [fields.type ?? 1, fields.title ?? '熊猫吃竹子 4K 实拍', fields.priceCents ?? 10000, originalPath],
  );
  return Number(r.rows[0].id);
}

/** Shorthand for a JSON call through app.inject returning status and envelope. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  auth?: { authorization: string },
  payload?: unknown,
) {
  const r = await app.inject({ method, url, headers: auth, payload: payload as any });
  return {
    status: r.statusCode,
    body: r.headers['content-type']?.toString().includes('json') ? r.json() : null,
    raw: r,
  };
}

/** A coupon valid since yesterday unless validInMs puts its start in the future (status 0 coupons). */
export async function addCoupon(
  db: Db,
  userId: number,
  c: {
    amountCents: number;
    thresholdCents?: number;
    status?: number;
    expiresInMs?: number;
    validInMs?: number;
    name?: string;
  },
) {
  const r = await db.query<{ id: number }>(
    `INSERT INTO coupons(user_id, name, amount_cents, threshold_cents, status, valid_from, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      userId,
      c.name ?? '测试券',
      c.amountCents,
      c.thresholdCents ?? 0,
      c.status ?? 1,
      new Date(Date.now() + (c.validInMs ?? -86_400_000)),
      new Date(Date.now() + (c.expiresInMs ?? 86_400_000)),
    ],
  );
  return Number(r.rows[0].id);
}
