import type { Queryable } from '../db/index.js';

/** Web-capture statuses (lumen:status/web-capture). */
export const CAPTURE = { QUEUED: 0, RUNNING: 1, DONE: 2, FAILED: 3 } as const;
export type CaptureKind = 'web' | 'screen';

export interface StoredArtefact {
  name: string;
  key: string;
  sha256: string;
  size: number;
  contentType: string;
}

export interface WebCaptureRow {
  id: number;
  userId: number;
  kind: CaptureKind;
  title: string;
  urls: string[];
  steps: any[];
  status: number;
  jobId: number | null;
  error: string | null;
  pages: Array<Record<string, any>>;
  artefacts: StoredArtefact[];
  manifestSha256: string | null;
  certNo: string | null;
  logIndex: number | null;
  leafHash: string | null;
  tsaTime: string | null;
  createdAt: string;
  finishedAt: string | null;
}

const SELECT = `SELECT id, user_id AS "userId", kind, title, urls, steps, status, job_id AS "jobId", error, pages, artefacts,
  manifest_sha256 AS "manifestSha256", cert_no AS "certNo", log_index AS "logIndex", leaf_hash AS "leafHash", tsa_time AS "tsaTime",
  created_at AS "createdAt", finished_at AS "finishedAt" FROM web_captures`;

const norm = (r: any): WebCaptureRow => ({
  ...r,
  id: Number(r.id),
  userId: Number(r.userId),
  jobId: r.jobId == null ? null : Number(r.jobId),
  logIndex: r.logIndex == null ? null : Number(r.logIndex),
});

export async function insertCapture(
  q: Queryable,
  v: { userId: number; kind: CaptureKind; title: string; urls: string[]; steps: unknown[] },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO web_captures(user_id, kind, title, urls, steps) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [v.userId, v.kind, v.title, JSON.stringify(v.urls), JSON.stringify(v.steps)],
  );
  return Number(r.rows[0].id);
}

export async function setCaptureJob(q: Queryable, id: number, jobId: number): Promise<void> {
  await q.query(`UPDATE web_captures SET job_id = $2 WHERE id = $1`, [id, jobId]);
}

export async function findCapture(q: Queryable, id: number, userId?: number): Promise<WebCaptureRow | null> {
  const r = await q.query(
    `${SELECT} WHERE id = $1 ${userId == null ? '' : 'AND user_id = $2'}`,
    userId == null ? [id] : [id, userId],
  );
  return r.rows[0] ? norm(r.rows[0]) : null;
}

export async function findCaptureByCertNo(q: Queryable, certNo: string): Promise<WebCaptureRow | null> {
  const r = await q.query(`${SELECT} WHERE cert_no = $1`, [certNo]);
  return r.rows[0] ? norm(r.rows[0]) : null;
}

export async function listCaptures(
  q: Queryable,
  userId: number,
  kind: CaptureKind,
  limit = 50,
  offset = 0,
): Promise<{ list: WebCaptureRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    q.query(`${SELECT} WHERE user_id = $1 AND kind = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`, [
      userId,
      kind,
      limit,
      offset,
    ]),
    q.query<{ n: string }>(`SELECT count(*) AS n FROM web_captures WHERE user_id = $1 AND kind = $2`, [userId, kind]),
  ]);
  return { list: rows.rows.map(norm), total: Number(count.rows[0].n) };
}

/**
 * Screen recordings still RUNNING without a finishing job, started more than `olderThanS` seconds
 * ago: no live session can be that old (each stops at its time limit), so the process holding it
 * is gone (a restart or crash).
 */
export async function abandonedRecordings(
  q: Queryable,
  olderThanS: number,
): Promise<Array<{ id: number; userId: number }>> {
  const r = await q.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM web_captures
      WHERE kind = 'screen' AND status = 1 AND job_id IS NULL AND created_at < now() - make_interval(secs => $1::int)
      ORDER BY id LIMIT 500`,
    [olderThanS],
  );
  return r.rows.map((x) => ({ id: Number(x.id), userId: Number(x.user_id) }));
}

/** Moves a capture from one of `from` to `to`; false when it was elsewhere (another attempt got there). */
export async function moveCapture(
  q: Queryable,
  id: number,
  from: number[],
  to: number,
  fields: Partial<{
    error: string | null;
    pages: unknown;
    artefacts: unknown;
    manifestSha256: string;
    certNo: string;
    logIndex: number;
    leafHash: string;
    tsaTime: string | null;
  }> = {},
): Promise<boolean> {
  const r = await q.query(
    `UPDATE web_captures SET status = $3::smallint, error = COALESCE($4, error), pages = COALESCE($5::jsonb, pages), artefacts = COALESCE($6::jsonb, artefacts),
       manifest_sha256 = COALESCE($7, manifest_sha256), cert_no = COALESCE($8, cert_no), log_index = COALESCE($9, log_index), leaf_hash = COALESCE($10, leaf_hash),
       tsa_time = COALESCE($11::timestamptz, tsa_time), finished_at = CASE WHEN $3::smallint IN (2, 3) THEN now() ELSE finished_at END
     WHERE id = $1 AND status IN (${from.map(Number).join(', ')}) AND $2::int >= 0 RETURNING id`,
    [
      id,
      0,
      to,
      fields.error ?? null,
      fields.pages ? JSON.stringify(fields.pages) : null,
      fields.artefacts ? JSON.stringify(fields.artefacts) : null,
      fields.manifestSha256 ?? null,
      fields.certNo ?? null,
      fields.logIndex ?? null,
      fields.leafHash ?? null,
      fields.tsaTime ?? null,
    ],
  );
  return r.rows.length > 0;
}
