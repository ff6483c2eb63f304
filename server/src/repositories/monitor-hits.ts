import type { Queryable } from '../db/index.js';
import { AUTHOR_NAME } from './community-posts.js';

/** Reads of monitor_hits for the owner's pages (list, one hit, chart series). */

const HIT_COLUMNS = `h.id, h.work_id, h.media_kind, h.page_url, h.media_url, h.media_hash, h.thumb_key, h.similarity, h.distance, h.time_range,
  h.status, h.licence_id, h.evidence, h.takedown_key, h.offer_token, h.offer_scenario, h.first_seen_at, h.last_seen_at,
  m.title AS work_title, m.cover_path AS work_cover, m.type AS work_type, l.licensee_name, l.scenario AS licence_scenario, l.verify_code AS licence_code`;

export interface HitRow {
  id: number;
  workId: number;
  mediaKind: 'image' | 'video';
  pageUrl: string;
  mediaUrl: string;
  host: string;
  mediaHash: string;
  thumb: string | null;
  similarity: number;
  distance: number;
  timeRange: unknown;
  status: string;
  licence: { id: number; licenseeName: string; scenario: string; verifyCode: string } | null;
  evidence: unknown;
  hasTakedown: boolean;
  offerToken: string | null;
  offerScenario: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  work: { id: number; title: string; cover: string | null; type: number };
}

const toHit = (r: Record<string, any>): HitRow => ({
  id: Number(r.id),
  workId: Number(r.work_id),
  mediaKind: r.media_kind,
  pageUrl: r.page_url,
  mediaUrl: r.media_url,
  host: new URL(r.page_url).host,
  mediaHash: r.media_hash,
  thumb: r.thumb_key,
  similarity: Number(r.similarity),
  distance: Number(r.distance),
  timeRange: r.time_range,
  status: r.status,
  licence: r.licence_id
    ? {
        id: Number(r.licence_id),
        licenseeName: r.licensee_name,
        scenario: r.licence_scenario,
        verifyCode: r.licence_code,
      }
    : null,
  evidence: r.evidence,
  hasTakedown: Boolean(r.takedown_key),
  offerToken: r.offer_token,
  offerScenario: r.offer_scenario,
  firstSeenAt: new Date(r.first_seen_at).toISOString(),
  lastSeenAt: new Date(r.last_seen_at).toISOString(),
  work: { id: Number(r.work_id), title: r.work_title, cover: r.work_cover, type: Number(r.work_type) },
});

export async function listHits(
  q: Queryable,
  ownerId: number,
  f: { kind?: string; status?: string; page: number; pageSize: number },
) {
  const where = ['h.owner_id = $1'];
  const params: unknown[] = [ownerId];
  if (f.kind) {
    params.push(f.kind);
    where.push(`h.media_kind = $${params.length}`);
  }
  if (f.status) {
    params.push(f.status);
    where.push(`h.status = $${params.length}`);
  }
  const total = Number(
    (await q.query<{ n: string }>(`SELECT count(*) AS n FROM monitor_hits h WHERE ${where.join(' AND ')}`, params))
      .rows[0].n,
  );
  params.push(f.pageSize, (f.page - 1) * f.pageSize);
  const r = await q.query(
    `SELECT ${HIT_COLUMNS} FROM monitor_hits h JOIN materials m ON m.id = h.work_id LEFT JOIN licences l ON l.id = h.licence_id
     WHERE ${where.join(' AND ')} ORDER BY (h.status = 'pending') DESC, h.similarity DESC, h.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { total, list: r.rows.map(toHit) };
}

export async function findHit(
  q: Queryable,
  id: number,
): Promise<(HitRow & { ownerId: number; takedownKey: string | null }) | null> {
  const r = await q.query(
    `SELECT ${HIT_COLUMNS}, h.owner_id, h.takedown_key FROM monitor_hits h JOIN materials m ON m.id = h.work_id LEFT JOIN licences l ON l.id = h.licence_id WHERE h.id = $1`,
    [id],
  );
  return r.rows[0]
    ? { ...toHit(r.rows[0]), ownerId: Number(r.rows[0].owner_id), takedownKey: r.rows[0].takedown_key }
    : null;
}

/** What an offer's page shows its recipient: the work, the use found, the offer; nothing of the owner's triage. */
export interface OfferRow {
  id: number;
  workId: number;
  title: string;
  workType: number;
  cover: string | null;
  basePriceCents: number;
  forSale: boolean;
  ownerName: string;
  mediaKind: 'image' | 'video';
  pageUrl: string;
  host: string;
  thumb: string | null;
  timeRange: unknown;
  firstSeenAt: string;
  status: string;
  scenario: string | null;
}

export async function hitByOfferToken(q: Queryable, token: string): Promise<OfferRow | null> {
  const r = await q.query(
    `SELECT h.id, h.work_id, h.media_kind, h.page_url, h.thumb_key, h.time_range, h.first_seen_at, h.status, h.offer_scenario,
       m.title, m.type, m.cover_path, m.price_cents, (m.status = 1) AS for_sale, ${AUTHOR_NAME('u')} AS owner_name
     FROM monitor_hits h JOIN materials m ON m.id = h.work_id LEFT JOIN users u ON u.id = m.owner_id
     WHERE h.offer_token = $1`,
    [token],
  );
  const x = r.rows[0];
  return x
    ? {
        id: Number(x.id),
        workId: Number(x.work_id),
        title: x.title,
        workType: Number(x.type),
        cover: x.cover_path,
        basePriceCents: Number(x.price_cents),
        forSale: Boolean(x.for_sale),
        ownerName: x.owner_name,
        mediaKind: x.media_kind,
        pageUrl: x.page_url,
        host: new URL(x.page_url).host,
        thumb: x.thumb_key,
        timeRange: x.time_range,
        firstSeenAt: new Date(x.first_seen_at).toISOString(),
        status: x.status,
        scenario: x.offer_scenario,
      }
    : null;
}

/** Moves a hit to a status only from the given ones (atomic: a parallel triage loses cleanly). */
export async function setHitStatus(
  q: Queryable,
  id: number,
  from: string[],
  to: string,
  extra: { licenceId?: number | null } = {},
): Promise<boolean> {
  const r = await q.query(
    'UPDATE monitor_hits SET status = $3, licence_id = COALESCE($4, licence_id) WHERE id = $1 AND status = ANY($2::text[])',
    [id, from, to, extra.licenceId ?? null],
  );
  return r.rowCount > 0;
}

export async function setHitFields(
  q: Queryable,
  id: number,
  f: { evidence?: unknown; takedownKey?: string; offerToken?: string; offerScenario?: string },
): Promise<void> {
  await q.query(
    `UPDATE monitor_hits SET evidence = COALESCE($2::jsonb, evidence), takedown_key = COALESCE($3, takedown_key),
       offer_token = COALESCE($4, offer_token), offer_scenario = COALESCE($5, offer_scenario) WHERE id = $1`,
    [
      id,
      f.evidence === undefined ? null : JSON.stringify(f.evidence),
      f.takedownKey ?? null,
      f.offerToken ?? null,
      f.offerScenario ?? null,
    ],
  );
}

/** Hits per day over the last `days` days (by first seen), per media kind. */
export async function hitSeries(q: Queryable, ownerId: number, days: number) {
  const r = await q.query<{ day: string; media_kind: string; n: string }>(
    `SELECT to_char(date_trunc('day', first_seen_at), 'YYYY-MM-DD') AS day, media_kind, count(*) AS n FROM monitor_hits
     WHERE owner_id = $1 AND first_seen_at > now() - make_interval(days => $2) GROUP BY 1, 2 ORDER BY 1`,
    [ownerId, days],
  );
  return r.rows.map((x) => ({ day: x.day, kind: x.media_kind, count: Number(x.n) }));
}

export async function hitCounts(q: Queryable, ownerId: number) {
  const r = await q.query<{ status: string; media_kind: string; n: string }>(
    'SELECT status, media_kind, count(*) AS n FROM monitor_hits WHERE owner_id = $1 GROUP BY 1, 2',
    [ownerId],
  );
  return r.rows.map((x) => ({ status: x.status, kind: x.media_kind, count: Number(x.n) }));
}

/** Certificate numbers of a work's evidence deposits (for the takedown notice). */
export async function workCertificates(
  q: Queryable,
  workId: number,
): Promise<{ certNos: string[]; depositedAt: string | null }> {
  const r = await q.query<{ cert_no: string; at: string }>(
    `SELECT cert_no, deposited_at AS at FROM material_evidence WHERE material_id = $1
     UNION SELECT cert_no, deposited_at AS at FROM evidence_deposits WHERE material_id = $1 AND cert_no IS NOT NULL`,
    [workId],
  );
  const dates = r.rows
    .map((x) => x.at)
    .filter(Boolean)
    .sort();
  return {
    certNos: [...new Set(r.rows.map((x) => x.cert_no))],
    depositedAt: dates[0] ? new Date(dates[0]).toISOString() : null,
  };
}

/** A monitoring hit as the trace timeline shows it. */
export interface MonitorHit {
  pageUrl: string;
  similarity: number | null;
  status: string | null;
  firstSeen: Date;
  lastSeen: Date | null;
}

/** The owner's monitoring hits of one work, oldest first, for the trace timeline. */
export async function monitorHitsForWork(q: Queryable, workId: number, ownerId: number): Promise<MonitorHit[]> {
  const r = await q.query(
    `SELECT page_url AS "pageUrl", similarity::float8 AS similarity, status, first_seen_at AS "firstSeen", last_seen_at AS "lastSeen"
       FROM monitor_hits WHERE work_id = $1 AND owner_id = $2 ORDER BY first_seen_at, id LIMIT 200`,
    [workId, ownerId],
  );
  return r.rows.map((h: any) => ({ ...h, similarity: h.similarity == null ? null : Number(h.similarity) }));
}

/** The licence that made a hit licensed use, when `userId` holds it (the offer page's certificate link). */
export async function hitLicenceOf(q: Queryable, hitId: number, userId: number): Promise<number | null> {
  const r = await q.query<{ id: string }>(
    'SELECT l.id FROM monitor_hits h JOIN licences l ON l.id = h.licence_id WHERE h.id = $1 AND l.user_id = $2',
    [hitId, userId],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}
