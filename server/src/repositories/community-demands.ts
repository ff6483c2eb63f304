import type { Queryable } from '../db/index.js';
import { AUTHOR_NAME } from './community-posts.js';
import { fileUrl } from './material-card.js';

/** Demand posting (community_demands, community_responses): SQL only; rules live in services/community-demands.ts. */
export type DemandStatus = 'open' | 'in_progress' | 'delivered' | 'completed' | 'disputed' | 'cancelled' | 'refunded';

const COLUMNS = `d.id, d.buyer_id AS "buyerId", ${AUTHOR_NAME('b')} AS "buyerName", d.title, d.description, d.material_type AS "materialType",
  d.scenario, d.level, d.mode, d.budget_cents AS "budgetCents", to_char(d.deadline, 'YYYY-MM-DD') AS deadline, d.status,
  d.picked_response_id AS "pickedResponseId", d.price_cents AS "priceCents", d.escrow_tx_id AS "escrowTxId", d.release_tx_id AS "releaseTxId",
  d.refund_tx_id AS "refundTxId", d.delivered_material_id AS "deliveredMaterialId", d.delivery_note AS "deliveryNote", d.delivered_at AS "deliveredAt",
  d.order_id AS "orderId", d.dispute_reason AS "disputeReason", d.disputed_by AS "disputedBy", d.resolution, d.completed_at AS "completedAt",
  d.created_at AS "createdAt", (SELECT count(*)::int FROM community_responses r WHERE r.demand_id = d.id AND r.status <> 'withdrawn') AS responses,
  (SELECT r.creator_id FROM community_responses r WHERE r.id = d.picked_response_id) AS "pickedCreatorId"`;
const FROM = 'community_demands d JOIN users b ON b.id = d.buyer_id';

export interface Demand {
  id: number;
  buyerId: number;
  buyerName: string;
  title: string;
  description: string;
  materialType: number;
  scenario: string;
  level: string;
  mode: 'bounty' | 'bid';
  budgetCents: number;
  deadline: string;
  status: DemandStatus;
  pickedResponseId: number | null;
  pickedCreatorId: number | null;
  priceCents: number | null;
  escrowTxId: number | null;
  releaseTxId: number | null;
  refundTxId: number | null;
  deliveredMaterialId: number | null;
  deliveryNote: string | null;
  deliveredAt: Date | null;
  orderId: number | null;
  disputeReason: string | null;
  disputedBy: number | null;
  resolution: string | null;
  completedAt: Date | null;
  createdAt: Date;
  responses: number;
}
export interface DemandResponse {
  id: number;
  demandId: number;
  creatorId: number;
  creatorName: string;
  kind: 'work' | 'proposal';
  materialId: number | null;
  workTitle: string | null;
  workCoverUrl: string | null;
  message: string;
  priceCents: number | null;
  status: 'active' | 'picked' | 'withdrawn';
  createdAt: Date;
}

const num = (v: unknown) => (v == null ? null : Number(v));
function toDemand(r: Record<string, any>): Demand {
  return {
    ...r,
    id: Number(r.id),
    buyerId: Number(r.buyerId),
    budgetCents: Number(r.budgetCents),
    materialType: Number(r.materialType),
    priceCents: num(r.priceCents),
    pickedResponseId: num(r.pickedResponseId),
    pickedCreatorId: num(r.pickedCreatorId),
    deliveredMaterialId: num(r.deliveredMaterialId),
    orderId: num(r.orderId),
    escrowTxId: num(r.escrowTxId),
    releaseTxId: num(r.releaseTxId),
    refundTxId: num(r.refundTxId),
    disputedBy: num(r.disputedBy),
  } as Demand;
}

export interface NewDemand {
  title: string;
  description: string;
  materialType: number;
  scenario: string;
  level: string;
  mode: 'bounty' | 'bid';
  budgetCents: number;
  deadline: string;
  requestKey: string | null;
}

/** Inserts a demand; null when this buyer already posted one with the same request key (a resent form). */
export async function insertDemand(q: Queryable, buyerId: number, d: NewDemand): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO community_demands(buyer_id, title, description, material_type, scenario, level, mode, budget_cents, deadline, request_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (buyer_id, request_key) DO NOTHING RETURNING id`,
    [
      buyerId,
      d.title,
      d.description,
      d.materialType,
      d.scenario,
      d.level,
      d.mode,
      d.budgetCents,
      d.deadline,
      d.requestKey,
    ],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export async function demandByRequestKey(q: Queryable, buyerId: number, key: string): Promise<number | null> {
  const r = await q.query<{ id: number }>('SELECT id FROM community_demands WHERE buyer_id = $1 AND request_key = $2', [
    buyerId,
    key,
  ]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** One demand; `lock` takes the row lock that serialises every money movement of this demand. */
export async function findDemand(q: Queryable, id: number, lock = false): Promise<Demand | null> {
  if (lock) await q.query('SELECT id FROM community_demands WHERE id = $1 FOR UPDATE', [id]);
  const r = await q.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $1`, [id]);
  return r.rows[0] ? toDemand(r.rows[0]) : null;
}

/**
 * Moves a demand between statuses and sets further columns, atomically: false when it was not in
 * one of `from` (someone else moved it first), so the caller moves no money.
 */
export async function moveDemand(
  q: Queryable,
  id: number,
  from: DemandStatus[],
  to: DemandStatus,
  set: Record<string, unknown> = {},
): Promise<boolean> {
  const keys = Object.keys(set);
  const assignments = keys.map((k, i) => `, ${k} = $${i + 4}`).join('');
  const r = await q.query(
    `UPDATE community_demands SET status = $3${assignments} WHERE id = $1 AND status = ANY($2::text[]) RETURNING id`,
    [id, from, to, ...keys.map((k) => set[k])],
  );
  return r.rows.length > 0;
}

export async function setDemandColumns(q: Queryable, id: number, set: Record<string, unknown>): Promise<void> {
  const keys = Object.keys(set);
  await q.query(`UPDATE community_demands SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [
    id,
    ...keys.map((k) => set[k]),
  ]);
}

/** The public list: open demands first by newest; filters by mode, material type and keyword. */
export async function listDemands(
  q: Queryable,
  o: { status?: string; mode?: string; materialType?: number; keyword?: string; page: number; pageSize: number },
) {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  add('d.status = ?', o.status ?? 'open');
  if (o.mode) add('d.mode = ?', o.mode);
  if (o.materialType) add('d.material_type = ?', o.materialType);
  if (o.keyword) add(`(d.title || ' ' || d.description) ILIKE ?`, `%${o.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const w = where.join(' AND ');
  const list = await q.query(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${w} ORDER BY d.created_at DESC, d.id DESC LIMIT ${o.pageSize} OFFSET ${(o.page - 1) * o.pageSize}`,
    params,
  );
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM community_demands d WHERE ${w}`, params);
  return { list: list.rows.map(toDemand), total: Number(total.rows[0].n) };
}

export async function demandsOfBuyer(q: Queryable, buyerId: number) {
  return (
    await q.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE d.buyer_id = $1 ORDER BY d.id DESC LIMIT 200`, [buyerId])
  ).rows.map(toDemand);
}

export async function disputedDemands(q: Queryable) {
  return (await q.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE d.status = 'disputed' ORDER BY d.id LIMIT 200`)).rows.map(
    toDemand,
  );
}

const RESPONSE = `r.id, r.demand_id AS "demandId", r.creator_id AS "creatorId", ${AUTHOR_NAME('c')} AS "creatorName", r.kind, r.material_id AS "materialId",
  m.title AS "workTitle", m.cover_path AS "workCover", r.message, r.price_cents AS "priceCents", r.status, r.created_at AS "createdAt"`;
const RESPONSE_FROM =
  'community_responses r JOIN users c ON c.id = r.creator_id LEFT JOIN materials m ON m.id = r.material_id';
function toResponse(r: Record<string, any>): DemandResponse {
  const { workCover, ...rest } = r;
  return {
    ...(rest as DemandResponse),
    id: Number(r.id),
    demandId: Number(r.demandId),
    creatorId: Number(r.creatorId),
    materialId: num(r.materialId),
    priceCents: num(r.priceCents),
    workCoverUrl: fileUrl(workCover),
  };
}

/** Adds a creator's response; null when this creator already responded to the demand. */
export async function insertResponse(
  q: Queryable,
  r: {
    demandId: number;
    creatorId: number;
    kind: string;
    materialId: number | null;
    message: string;
    priceCents: number | null;
  },
): Promise<number | null> {
  const ins = await q.query<{ id: number }>(
    `INSERT INTO community_responses(demand_id, creator_id, kind, material_id, message, price_cents) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (demand_id, creator_id) DO NOTHING RETURNING id`,
    [r.demandId, r.creatorId, r.kind, r.materialId, r.message, r.priceCents],
  );
  return ins.rows[0] ? Number(ins.rows[0].id) : null;
}

export async function responsesFor(q: Queryable, demandId: number) {
  return (
    await q.query(
      `SELECT ${RESPONSE} FROM ${RESPONSE_FROM} WHERE r.demand_id = $1 AND r.status <> 'withdrawn' ORDER BY r.id`,
      [demandId],
    )
  ).rows.map(toResponse);
}

export async function findResponse(q: Queryable, id: number) {
  const r = (await q.query(`SELECT ${RESPONSE} FROM ${RESPONSE_FROM} WHERE r.id = $1`, [id])).rows[0];
  return r ? toResponse(r) : null;
}

export async function markResponsePicked(q: Queryable, id: number): Promise<void> {
  await q.query(`UPDATE community_responses SET status = 'picked' WHERE id = $1`, [id]);
}

/** A creator's responses with the demand each answers (for "my responses"). */
export async function responsesOfCreator(q: Queryable, creatorId: number) {
  const r = await q.query(
    `SELECT ${RESPONSE}, d.title AS "demandTitle", d.status AS "demandStatus", d.mode, d.budget_cents AS "budgetCents",
            to_char(d.deadline, 'YYYY-MM-DD') AS deadline, (d.picked_response_id = r.id) AS picked
       FROM ${RESPONSE_FROM} JOIN community_demands d ON d.id = r.demand_id WHERE r.creator_id = $1 ORDER BY r.id DESC LIMIT 200`,
    [creatorId],
  );
  return r.rows.map((x: any) => ({
    ...toResponse(x),
    demandTitle: x.demandTitle,
    demandStatus: x.demandStatus,
    mode: x.mode,
    budgetCents: Number(x.budgetCents),
    deadline: x.deadline,
    picked: !!x.picked,
  }));
}
