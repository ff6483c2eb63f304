import type { Queryable } from '../db/index.js';

/** SQL of monitoring plans, sources, runs and hits (see migration 860_monitor.sql). */

export interface PlanRow {
  id: number;
  user_id: number;
  frequency: 'daily' | 'weekly';
  next_run_at: string;
  created_at: string;
}

export async function planOf(q: Queryable, userId: number): Promise<PlanRow | null> {
  const r = await q.query<PlanRow>('SELECT * FROM monitor_plans WHERE user_id = $1', [userId]);
  return r.rows[0] ? { ...r.rows[0], id: Number(r.rows[0].id), user_id: Number(r.rows[0].user_id) } : null;
}

export async function ensurePlan(q: Queryable, userId: number): Promise<PlanRow> {
  await q.query('INSERT INTO monitor_plans (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
  return (await planOf(q, userId))!;
}

export async function planById(q: Queryable, id: number): Promise<PlanRow | null> {
  const r = await q.query<PlanRow>('SELECT * FROM monitor_plans WHERE id = $1', [id]);
  return r.rows[0] ? { ...r.rows[0], id: Number(r.rows[0].id), user_id: Number(r.rows[0].user_id) } : null;
}

export async function setFrequency(q: Queryable, planId: number, frequency: string): Promise<void> {
  await q.query('UPDATE monitor_plans SET frequency = $2 WHERE id = $1', [planId, frequency]);
}

export async function planWorkIds(q: Queryable, planId: number): Promise<number[]> {
  return (
    await q.query<{ work_id: string }>('SELECT work_id FROM monitor_plan_works WHERE plan_id = $1 ORDER BY work_id', [
      planId,
    ])
  ).rows.map((r) => Number(r.work_id));
}

export async function addPlanWork(q: Queryable, planId: number, workId: number): Promise<boolean> {
  return (
    (
      await q.query('INSERT INTO monitor_plan_works (plan_id, work_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        planId,
        workId,
      ])
    ).rowCount > 0
  );
}

export async function removePlanWork(q: Queryable, planId: number, workId: number): Promise<boolean> {
  return (
    (await q.query('DELETE FROM monitor_plan_works WHERE plan_id = $1 AND work_id = $2', [planId, workId])).rowCount > 0
  );
}

export async function planWorks(q: Queryable, planId: number) {
  const r = await q.query(
    `SELECT m.id, m.title, m.type, m.cover_path, f.state AS fingerprint_state, f.frames,
            (SELECT count(*) FROM monitor_hits h WHERE h.work_id = m.id AND h.owner_id = m.owner_id)::int AS hits
     FROM monitor_plan_works pw JOIN materials m ON m.id = pw.work_id LEFT JOIN monitor_fingerprinted f ON f.work_id = m.id
     WHERE pw.plan_id = $1 ORDER BY pw.added_at, m.id`,
    [planId],
  );
  return r.rows.map((x) => ({
    id: Number(x.id),
    title: x.title,
    type: Number(x.type),
    cover: x.cover_path,
    fingerprintState: x.fingerprint_state ?? 'pending',
    frames: Number(x.frames ?? 0),
    hits: Number(x.hits),
  }));
}

export interface SourceRow {
  id: number;
  plan_id: number;
  kind: 'web' | 'platform';
  name: string;
  url: string;
  max_depth: number;
  last_crawled_at: string | null;
  last_status: string | null;
}

export async function planSources(q: Queryable, planId: number): Promise<SourceRow[]> {
  const r = await q.query<SourceRow>('SELECT * FROM monitor_sources WHERE plan_id = $1 ORDER BY id', [planId]);
  return r.rows.map((s) => ({ ...s, id: Number(s.id), plan_id: Number(s.plan_id), max_depth: Number(s.max_depth) }));
}

export async function addSource(
  q: Queryable,
  planId: number,
  s: { kind: 'web' | 'platform'; name: string; url: string; maxDepth: number },
): Promise<number | null> {
  const r = await q.query<{ id: string }>(
    'INSERT INTO monitor_sources (plan_id, kind, name, url, max_depth) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (plan_id, url) DO NOTHING RETURNING id',
    [planId, s.kind, s.name, s.url, s.maxDepth],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export async function removeSource(q: Queryable, planId: number, id: number): Promise<boolean> {
  return (await q.query('DELETE FROM monitor_sources WHERE plan_id = $1 AND id = $2', [planId, id])).rowCount > 0;
}

export async function markSourceCrawled(q: Queryable, id: number, status: string): Promise<void> {
  await q.query('UPDATE monitor_sources SET last_crawled_at = now(), last_status = $2 WHERE id = $1', [id, status]);
}

export async function startRun(q: Queryable, planId: number, jobId: number | null): Promise<number> {
  return Number(
    (
      await q.query<{ id: string }>('INSERT INTO monitor_runs (plan_id, job_id) VALUES ($1, $2) RETURNING id', [
        planId,
        jobId,
      ])
    ).rows[0].id,
  );
}

export async function finishRun(
  q: Queryable,
  id: number,
  r: { pages: number; media: number; hits: number; error?: string | null },
): Promise<void> {
  await q.query(
    'UPDATE monitor_runs SET pages = $2, media = $3, hits = $4, error = $5, finished_at = now() WHERE id = $1',
    [id, r.pages, r.media, r.hits, r.error ?? null],
  );
}

export async function recentRuns(q: Queryable, planId: number, limit = 10) {
  const r = await q.query(
    'SELECT id, job_id, pages, media, hits, error, started_at, finished_at FROM monitor_runs WHERE plan_id = $1 ORDER BY id DESC LIMIT $2',
    [planId, limit],
  );
  return r.rows.map((x) => ({
    id: Number(x.id),
    jobId: x.job_id ? Number(x.job_id) : null,
    pages: x.pages,
    media: x.media,
    hits: x.hits,
    error: x.error,
    startedAt: x.started_at,
    finishedAt: x.finished_at,
  }));
}

export async function schedulePlan(q: Queryable, planId: number, nextRunAt: Date): Promise<void> {
  await q.query('UPDATE monitor_plans SET next_run_at = $2 WHERE id = $1', [planId, nextRunAt]);
}

export async function isFalsePositive(
  q: Queryable,
  ownerId: number,
  workId: number,
  mediaHash: string,
): Promise<boolean> {
  return (
    (
      await q.query('SELECT 1 FROM monitor_false_positives WHERE owner_id = $1 AND work_id = $2 AND media_hash = $3', [
        ownerId,
        workId,
        mediaHash,
      ])
    ).rowCount > 0
  );
}

/** The licence of `workId` held by a user who declared `host` as their site, if any. */
export async function licenceForSite(q: Queryable, workId: number, host: string) {
  const r = await q.query<{ id: string; licensee_name: string; scenario: string; verify_code: string }>(
    `SELECT l.id, l.licensee_name, l.scenario, l.verify_code FROM licences l JOIN monitor_licensee_sites s ON s.user_id = l.user_id
     WHERE l.material_id = $1 AND s.host = $2 ORDER BY l.id LIMIT 1`,
    [workId, host],
  );
  return r.rows[0]
    ? {
        id: Number(r.rows[0].id),
        licenseeName: r.rows[0].licensee_name,
        scenario: r.rows[0].scenario,
        verifyCode: r.rows[0].verify_code,
      }
    : null;
}

export async function addLicenseeSite(q: Queryable, userId: number, host: string): Promise<void> {
  await q.query('INSERT INTO monitor_licensee_sites (user_id, host) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    userId,
    host.toLowerCase(),
  ]);
}

export interface HitInput {
  workId: number;
  ownerId: number;
  sourceId: number | null;
  mediaKind: 'image' | 'video';
  pageUrl: string;
  mediaUrl: string;
  mediaHash: string;
  thumbKey: string | null;
  similarity: number;
  distance: number;
  timeRange: unknown;
  licenceId: number | null;
}

/** Records a hit or refreshes last_seen of a known one; a known hit keeps its triage status. Returns id and whether it is new. */
export async function upsertHit(q: Queryable, h: HitInput): Promise<{ id: number; created: boolean }> {
  const r = await q.query<{ id: string; created: boolean }>(
    `INSERT INTO monitor_hits (work_id, owner_id, source_id, media_kind, page_url, media_url, media_hash, thumb_key, similarity, distance, time_range, status, licence_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $12::bigint IS NULL THEN 'pending' ELSE 'licensed' END, $12)
     ON CONFLICT (work_id, media_url) DO UPDATE SET last_seen_at = now(), page_url = EXCLUDED.page_url, similarity = EXCLUDED.similarity,
       distance = EXCLUDED.distance, time_range = EXCLUDED.time_range,
       licence_id = COALESCE(monitor_hits.licence_id, EXCLUDED.licence_id),
       status = CASE WHEN EXCLUDED.licence_id IS NOT NULL AND monitor_hits.status IN ('pending', 'offered') THEN 'licensed' ELSE monitor_hits.status END
     RETURNING id, (xmax = 0) AS created`,
    [
      h.workId,
      h.ownerId,
      h.sourceId,
      h.mediaKind,
      h.pageUrl,
      h.mediaUrl,
      h.mediaHash,
      h.thumbKey,
      h.similarity,
      h.distance,
      h.timeRange === null ? null : JSON.stringify(h.timeRange),
      h.licenceId,
    ],
  );
  return { id: Number(r.rows[0].id), created: Boolean(r.rows[0].created) };
}

export async function hitEvent(
  q: Queryable,
  hitId: number,
  actorId: number | null,
  action: string,
  detail: unknown = null,
): Promise<void> {
  await q.query('INSERT INTO monitor_hit_events (hit_id, actor_id, action, detail) VALUES ($1, $2, $3, $4)', [
    hitId,
    actorId,
    action,
    detail === null ? null : JSON.stringify(detail),
  ]);
}
