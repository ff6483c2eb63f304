/**
 * Web-page evidence as a service: startCapture spends one unit of a paid web_evidence order and
 * queues the capture in one transaction; the capture.web task captures (capture-pages.ts), stores
 * every artefact, writes manifest.json (SHA-256 of each artefact), timestamps it at the TSA and
 * appends the manifest hash to the evidence log as a 'web-capture' leaf. A capture whose pages all
 * failed (DNS, TLS, timeout, 4xx/5xx) is recorded as failed with its logs and gives its unit back,
 * so the user's retry is not charged twice; job retries reuse the same unit (ref web_capture:<id>).
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { ObjectStore } from '../../storage/types.js';
import type { JobContext } from '../../jobs/types.js';
import { defineTask, enqueue } from '../../jobs/index.js';
import { timestampAuthorityOf } from '../../adapters/tsa/index.js';
import { appendBlock } from '../../evidence/ledger.js';
import { quotaLeft } from '../../repositories/service-orders.js';
import * as wc from '../../repositories/web-captures.js';
import { consumeQuota, noQuota, releaseQuota } from '../service-orders-quota.js';
import { notify } from '../notifications.js';
import { capturePages, type CaptureFile, type CaptureOptions } from './capture-pages.js';
import { countCaptureAttempt } from './attempts.js';
import { sandboxSite } from '../../adapters/web/index.js';
import { tsaGenTime } from './tsa-time.js';
import { PAGE_FAILURE_LABELS } from '../../../../src/schemas/api/web-capture.js';

export const CAPTURE_TASK = 'capture.web';
export const quotaRef = (id: number) => `web_capture:${id}`;
const SERVICE = 'web_evidence' as const;
const CHECK_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export const captureCertNo = (prefix: 'WC' | 'SR', id: number, at = new Date()) =>
  `${prefix}${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(8, '0')}-${Array.from(crypto.randomBytes(6), (b) => CHECK_ALPHABET[b & 31]).join('')}`;

const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

export interface CaptureForm {
  title?: string;
  urls: string[];
  steps?: CaptureOptions['steps'];
  cookies?: CaptureOptions['cookies'];
}

/** Creates the capture, spends the unit and queues the job, atomically. */
export async function startCapture(db: Db, userId: number, form: CaptureForm): Promise<{ id: number; jobId: number }> {
  await countCaptureAttempt(db, userId);
  if (!(await quotaLeft(db, userId, SERVICE)).some((q) => q.left > 0)) throw noQuota(SERVICE);
  return db.tx(async (t) => {
    const id = await wc.insertCapture(t, {
      userId,
      kind: 'web',
      title: form.title?.trim() || new URL(form.urls[0]).host,
      urls: form.urls,
      steps: form.steps ?? [],
    });
    await consumeQuota(t, { userId, service: SERVICE, ref: quotaRef(id) });
    // Cookies are secrets of the user's account on the target site: they ride in the job payload
    // only (the capture row and the provenance log keep their names, never their values).
    const job = await enqueue(
      t,
      CAPTURE_TASK,
      { captureId: id, cookies: form.cookies ?? [] },
      { ownerId: userId, dedupeKey: `capture:${id}` },
    );
    await wc.setCaptureJob(t, id, job.id);
    return { id, jobId: job.id };
  });
}

/** Retrying a failed capture: spends a unit again (the failure gave its unit back) and queues it. */
export async function retryCapture(db: Db, userId: number, id: number): Promise<{ id: number; jobId: number }> {
  const row = await wc.findCapture(db, id, userId);
  if (!row || row.kind !== 'web') throw Object.assign(new Error('not found'), { statusCode: 404 });
  return startCapture(db, userId, { title: row.title, urls: row.urls, steps: row.steps as CaptureForm['steps'] });
}

export interface StoredFiles {
  artefacts: wc.StoredArtefact[];
  manifest: Buffer;
  manifestSha256: string;
}

/** Stores the files under captures/<id>/ and writes manifest.json listing each one's SHA-256. */
export async function storeWithManifest(
  storage: ObjectStore,
  id: number,
  files: CaptureFile[],
  meta: Record<string, unknown>,
): Promise<StoredFiles> {
  const artefacts: wc.StoredArtefact[] = [];
  for (const f of files) {
    const hash = sha256(f.data);
    const key = `captures/${id}/${f.name}`;
    await storage.put(key, f.data, { contentType: f.contentType, sha256: hash });
    artefacts.push({ name: f.name, key, sha256: hash, size: f.data.length, contentType: f.contentType });
  }
  const manifest = Buffer.from(
    JSON.stringify(
      {
        format: 'lumen.capture-manifest/v1',
        ...meta,
        algorithm: 'SHA-256',
        files: artefacts.map(({ name, sha256: h, size, contentType }) => ({ name, sha256: h, size, contentType })),
      },
      null,
      2,
    ),
    'utf8',
  );
  const manifestSha256 = sha256(manifest);
  await storage.put(`captures/${id}/manifest.json`, manifest, {
    contentType: 'application/json',
    sha256: manifestSha256,
  });
  artefacts.push({
    name: 'manifest.json',
    key: `captures/${id}/manifest.json`,
    sha256: manifestSha256,
    size: manifest.length,
    contentType: 'application/json',
  });
  return { artefacts, manifest, manifestSha256 };
}

/** An RFC 3161 token over data, or null when the TSA cannot be reached (the capture goes on; the log entry still dates it). */
export async function timestampOf(
  config: Parameters<typeof timestampAuthorityOf>[0],
  data: Uint8Array,
  log: JobContext['log'],
): Promise<{ token: Buffer; time: Date | null; tsa: string } | null> {
  const tsa = timestampAuthorityOf(config);
  try {
    const token = await tsa.timestamp(data);
    return { token, time: tsaGenTime(token), tsa: tsa.name };
  } catch (err) {
    log.warn({ err }, 'TSA timestamp failed');
    return null;
  }
}

export interface FinishInput {
  id: number;
  userId: number;
  kind: wc.CaptureKind;
  ok: boolean;
  pages: unknown[];
  stored: StoredFiles;
  tsr: { token: Buffer; time: Date | null } | null;
  error?: string;
  urls: string[];
}

/** Records the outcome: a log leaf and DONE, or FAILED with the unit given back; notifies the owner. */
export async function finishCapture(
  db: Db,
  storage: ObjectStore,
  f: FinishInput,
  service: 'web_evidence' | 'screen_recording',
  refOf: (id: number) => string,
): Promise<void> {
  const artefacts = [...f.stored.artefacts];
  if (f.tsr) {
    const key = `captures/${f.id}/manifest.tsr`;
    await storage.put(key, f.tsr.token, { contentType: 'application/timestamp-reply', sha256: sha256(f.tsr.token) });
    artefacts.push({
      name: 'manifest.tsr',
      key,
      sha256: sha256(f.tsr.token),
      size: f.tsr.token.length,
      contentType: 'application/timestamp-reply',
    });
  }
  const label = f.kind === 'screen' ? '录屏取证' : '网页取证';
  const link = f.kind === 'screen' ? `/cyprotect/myscreen?id=${f.id}` : `/cyprotect/mywebpage?id=${f.id}`;
  await db.tx(async (t) => {
    if (f.ok) {
      const certNo = captureCertNo(f.kind === 'screen' ? 'SR' : 'WC', f.id);
      const block = await appendBlock(t, {
        type: f.kind === 'screen' ? 'screen-capture' : 'web-capture',
        captureId: f.id,
        certNo,
        userId: f.userId,
        sha256: f.stored.manifestSha256,
        urls: f.urls,
      });
      const moved = await wc.moveCapture(t, f.id, [wc.CAPTURE.RUNNING], wc.CAPTURE.DONE, {
        pages: f.pages,
        artefacts,
        manifestSha256: f.stored.manifestSha256,
        certNo,
        logIndex: block.height,
        leafHash: block.hash,
        tsaTime: f.tsr?.time?.toISOString() ?? null,
      });
      if (!moved) throw new Error(`capture ${f.id} left the running state`);
      await notify(t, f.userId, {
        kind: 'service_order',
        title: `${label}已完成`,
        body: `证书编号 ${certNo}，清单哈希已写入存证日志。`,
        link,
        dedupeKey: `capture:${f.id}:done`,
      });
    } else {
      await wc.moveCapture(t, f.id, [wc.CAPTURE.QUEUED, wc.CAPTURE.RUNNING], wc.CAPTURE.FAILED, {
        pages: f.pages,
        artefacts,
        manifestSha256: f.stored.manifestSha256,
        error: f.error ?? '取证失败',
      });
      await releaseQuota(t, { userId: f.userId, service, ref: refOf(f.id) });
      await notify(t, f.userId, {
        kind: 'service_order',
        title: `${label}失败，额度已退回`,
        body: f.error ?? '取证失败',
        link,
        dedupeKey: `capture:${f.id}:failed`,
      });
    }
  });
}

/** Why a capture failed, from its pages (Chinese). */
export function failureSummary(pages: Array<{ url: string; failure?: string; error?: string }>): string {
  return (
    pages
      .filter((p) => p.failure)
      .map((p) => `${p.url}：${PAGE_FAILURE_LABELS[p.failure!] ?? '失败'}（${p.error ?? ''}）`)
      .join('；')
      .slice(0, 1000) || '取证失败'
  );
}

async function runWebCapture(
  payload: { captureId: number; cookies?: CaptureForm['cookies'] },
  ctx: JobContext,
): Promise<unknown> {
  const row = await wc.findCapture(ctx.db, payload.captureId);
  if (!row || row.status === wc.CAPTURE.DONE || row.status === wc.CAPTURE.FAILED) return { skipped: true };
  await wc.moveCapture(ctx.db, row.id, [wc.CAPTURE.QUEUED, wc.CAPTURE.RUNNING], wc.CAPTURE.RUNNING);
  try {
    await ctx.progress(5, '正在启动全新的浏览器环境');
    const options: CaptureOptions = {
      urls: row.urls,
      steps: row.steps as CaptureOptions['steps'],
      cookies: payload.cookies,
      timeoutMs: Number(process.env.CAPTURE_TIMEOUT_MS) || 30_000,
    };
    const start = await timestampOf(
      ctx.config,
      Buffer.from(JSON.stringify({ captureId: row.id, urls: row.urls, at: new Date().toISOString() })),
      ctx.log,
    );
    const out = await capturePages(options, {
      signal: ctx.signal,
      tsaStart: { time: start?.time?.toISOString() ?? null, tsa: start?.tsa ?? 'unavailable' },
      // The sandbox web is reachable by name in development only; raw network errors go to the log only.
      local: ctx.config.env === 'production' ? undefined : sandboxSite(ctx.storage),
      log: (e) => {
        if (e.kind !== 'connected') ctx.log.warn({ captureId: row.id, egress: e }, 'capture egress refused or failed');
      },
      progress: (done, total) => ctx.progress(10 + Math.round((75 * done) / total), `已取证 ${done}/${total} 个网址`),
    });
    if (start) out.files.push({ name: 'start.tsr', data: start.token, contentType: 'application/timestamp-reply' });
    await ctx.progress(88, '正在保存证据文件并生成清单');
    const stored = await storeWithManifest(ctx.storage, row.id, out.files, {
      captureId: row.id,
      kind: 'web',
      urls: row.urls,
      pages: out.pages,
    });
    const tsr = out.ok ? await timestampOf(ctx.config, stored.manifest, ctx.log) : null;
    await ctx.progress(95, '正在写入存证日志');
    await finishCapture(
      ctx.db,
      ctx.storage,
      {
        id: row.id,
        userId: row.userId,
        kind: 'web',
        ok: out.ok,
        pages: out.pages,
        stored,
        tsr,
        urls: row.urls,
        error: out.ok ? undefined : failureSummary(out.pages),
      },
      SERVICE,
      quotaRef,
    );
    return { ok: out.ok, manifestSha256: stored.manifestSha256 };
  } catch (err) {
    // The last attempt: record the failure with its message and give the unit back.
    if (ctx.attempt >= ctx.maxAttempts) {
      await ctx.db.tx(async (t) => {
        if (
          await wc.moveCapture(t, row.id, [wc.CAPTURE.QUEUED, wc.CAPTURE.RUNNING], wc.CAPTURE.FAILED, {
            error: `取证程序出错：${(err as Error).message}`.slice(0, 1000),
          })
        ) {
          await releaseQuota(t, { userId: row.userId, service: SERVICE, ref: quotaRef(row.id) });
        }
      });
    }
    throw err;
  }
}

defineTask(CAPTURE_TASK, runWebCapture, {
  maxAttempts: 2,
  timeoutMs: 10 * 60_000,
  concurrency: 1,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
});
