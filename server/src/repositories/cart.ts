import type { Queryable } from '../db/index.js';

/** Cart lines of one user; every statement is scoped by user_id (others' lines are not found). */
export interface CartLine {
  id: number;
  materialId: number;
  scenario: string;
  title: string;
  type: number;
  coverPath: string | null;
  basePriceCents: number;
  /** False once the material is no longer approved: shown marked, refused at checkout. */
  available: boolean;
  createdAt: Date;
}

const LINE_COLUMNS = `c.id, c.material_id AS "materialId", c.scenario, m.title, m.type, m.cover_path AS "coverPath",
  m.price_cents AS "basePriceCents", (m.status = 1) AS available, c.created_at AS "createdAt"`;

/** Adds a material, or changes its scenario when it is already in the cart. */
export async function upsertCartLine(
  db: Queryable,
  userId: number,
  materialId: number,
  scenario: string,
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO cart_items(user_id, material_id, scenario) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, material_id) DO UPDATE SET scenario = EXCLUDED.scenario RETURNING id`,
    [userId, materialId, scenario],
  );
  return Number(r.rows[0].id);
}

export async function findCartLine(db: Queryable, userId: number, id: number): Promise<CartLine | null> {
  const r = await db.query<CartLine>(
    `SELECT ${LINE_COLUMNS} FROM cart_items c JOIN materials m ON m.id = c.material_id WHERE c.id = $1 AND c.user_id = $2`,
    [id, userId],
  );
  return r.rows[0] ?? null;
}

export async function setCartScenario(db: Queryable, userId: number, id: number, scenario: string): Promise<boolean> {
  return (
    (await db.query('UPDATE cart_items SET scenario = $3 WHERE id = $1 AND user_id = $2', [id, userId, scenario]))
      .rowCount > 0
  );
}

export async function removeCartLines(db: Queryable, userId: number, ids: number[]): Promise<number> {
  return (await db.query('DELETE FROM cart_items WHERE user_id = $1 AND id = ANY($2::bigint[])', [userId, ids]))
    .rowCount;
}

/** All lines, or only the given ids (a subset chosen for checkout). */
export async function cartLines(db: Queryable, userId: number, ids?: number[]): Promise<CartLine[]> {
  const params: unknown[] = [userId];
  let extra = '';
  if (ids) {
    params.push(ids);
    extra = ' AND c.id = ANY($2::bigint[])';
  }
  const r = await db.query<CartLine>(
    `SELECT ${LINE_COLUMNS} FROM cart_items c JOIN materials m ON m.id = c.material_id WHERE c.user_id = $1${extra} ORDER BY c.id DESC`,
    params,
  );
  return r.rows;
}

export async function cartCount(db: Queryable, userId: number): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_items WHERE user_id = $1', [userId]))
    .rows[0].n;
}

/** Materials for a direct purchase (no cart), with their status so the caller can refuse unapproved ones. */
export async function materialsByIds(db: Queryable, ids: number[]) {
  const r = await db.query<{
    id: number;
    title: string;
    type: number;
    coverPath: string | null;
    basePriceCents: number;
    status: number;
  }>(
    `SELECT id, title, type, cover_path AS "coverPath", price_cents AS "basePriceCents", status FROM materials WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  return r.rows;
}
