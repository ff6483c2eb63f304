import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Queryable } from '../../db/index.js';
import { PUBLIC_GROUP } from '../../storage/groups.js';
import { defineTask, enqueue, type JobContext } from '../../jobs/index.js';
import { webFetcher, type WebFetcher } from '../../adapters/web/index.js';
import * as repo from '../../repositories/monitor.js';
import { fingerprintImage } from '../fingerprint/image.js';
import { fingerprintVideo } from '../fingerprint/video.js';
import { ffmpegBin, run } from '../media/binaries.js';
import { notify } from '../notifications.js';
import { crawlSite } from './crawler.js';
import { fingerprintPending } from './fingerprint-works.js';
import { matchImage, matchVideo } from './match.js';
import { MONITOR_LIMITS } from '../../../../src/schemas/cyprotect/monitor.js';
import { monitorHitFoundEvent } from '../webhooks/events.js';

/**
 * One monitoring run of a plan, as a job: fingerprint the plan's works that lack fingerprints,
 * crawl each source politely, fingerprint every image and video found and match it against the
 * plan's works through the band index. Hits on a licence holder's declared site are recorded as
 * licensed use; media the owner marked 不是我的作品 are skipped. The job re-queues itself for the
 * plan's next run (daily or weekly), so monitoring continues across restarts.
 */
export const SCAN_TASK = 'monitor.scan';

type Ctx = Pick<JobContext, 'db' | 'storage' | 'config' | 'progress' | 'signal' | 'jobId'>;

const FREQUENCY_MS = { daily: 24 * 3600_000, weekly: 7 * 24 * 3600_000 } as const;

export function enqueueScan(q: Queryable, planId: number, ownerId: number, runAt?: Date) {
  return enqueue(q, SCAN_TASK, { planId }, { dedupeKey: `plan:${planId}`, ownerId, runAt });
}

async function thumbnail(ctx: Ctx, data: Buffer): Promise<string> {
  const jpg = await sharp(data, { failOn: 'none' })
    .rotate()
    .resize(320, 320, { fit: 'inside' })
    .jpeg({ quality: 75 })
    .toBuffer();
  return ctx.storage.put(ctx.storage.newKey(PUBLIC_GROUP, 'jpg'), jpg, { contentType: 'image/jpeg' });
}

/** A hit and, when it is new, its webhook event (monitor_hit.found), in one transaction. */
function saveHit(ctx: Ctx, h: repo.HitInput) {
  return ctx.db.tx(async (q) => {
    const r = await repo.upsertHit(q, h);
    if (r.created) await monitorHitFoundEvent(q, { ...h, id: r.id, licensed: h.licenceId !== null });
    return r;
  });
}

async function videoFrames(data: Buffer, signal?: AbortSignal) {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lumen-scan-'));
  try {
    const file = path.join(dir, 'clip');
    await fs.promises.writeFile(file, data);
    const frames = await fingerprintVideo(file, signal);
    const still = path.join(dir, 'still.jpg');
    await run(await ffmpegBin(), ['-v', 'error', '-y', '-ss', '1', '-i', file, '-frames:v', '1', still], signal).catch(
      () => undefined,
    );
    return { frames, still: fs.existsSync(still) ? await fs.promises.readFile(still) : null };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export interface ScanSummary {
  pages: number;
  media: number;
  hits: number;
  newHits: number;
  skippedByRobots: number;
}

export async function scanPlan(ctx: Ctx, planId: number, fetcher?: WebFetcher): Promise<ScanSummary> {
  const plan = await repo.planById(ctx.db, planId);
  if (!plan) throw new Error('监测计划不存在');
  const workIds = await repo.planWorkIds(ctx.db, planId);
  const sources = (await repo.planSources(ctx.db, planId)).filter((s) => s.kind === 'web');
  const web = fetcher ?? webFetcher(ctx.storage, ctx.config.env === 'production');
  const runId = await repo.startRun(ctx.db, planId, ctx.jobId);
  const sum: ScanSummary = { pages: 0, media: 0, hits: 0, newHits: 0, skippedByRobots: 0 };
  await ctx.progress(2, '正在计算作品指纹');
  await fingerprintPending(ctx, workIds, workIds.length || 1);
  if (!workIds.length || !sources.length) {
    await repo.finishRun(ctx.db, runId, sum);
    return sum;
  }
  for (const [si, src] of sources.entries()) {
    const base = 10 + Math.round((si / sources.length) * 85);
    const span = 85 / sources.length;
    await ctx.progress(base, `正在抓取 ${src.name}`);
    let crawl;
    try {
      crawl = await crawlSite(web, src.url, {
        maxDepth: src.max_depth,
        maxPages: MONITOR_LIMITS.maxPagesPerSource,
        delayMs: MONITOR_LIMITS.politenessDelayMs,
        signal: ctx.signal,
      });
    } catch (e) {
      if (ctx.signal.aborted) throw e;
      await repo.markSourceCrawled(ctx.db, src.id, `抓取失败：${(e as Error).message}`);
      continue;
    }
    sum.pages += crawl.pages.length;
    sum.skippedByRobots += crawl.skippedByRobots.length;
    let found = 0;
    for (const [mi, m] of crawl.media.entries()) {
      ctx.signal.throwIfAborted();
      await ctx.progress(
        Math.round(base + (span * mi) / Math.max(1, crawl.media.length)),
        `正在比对 ${src.name} 的图片与视频 ${mi + 1}/${crawl.media.length}`,
      );
      const res = await web.get(m.mediaUrl, { maxBytes: MONITOR_LIMITS.maxMediaBytes, signal: ctx.signal });
      if (res.status !== 200) continue;
      sum.media++;
      const host = new URL(m.pageUrl).host;
      try {
        if (m.kind === 'image') {
          const fp = await fingerprintImage(res.body);
          const matches = await matchImage(ctx.db, fp, workIds);
          let thumb: string | null = null;
          for (const x of matches) {
            if (await repo.isFalsePositive(ctx.db, plan.user_id, x.workId, fp.hash)) continue;
            thumb ??= await thumbnail(ctx, res.body);
            const licence = await repo.licenceForSite(ctx.db, x.workId, host);
            const r = await saveHit(ctx, {
              workId: x.workId,
              ownerId: plan.user_id,
              sourceId: src.id,
              mediaKind: 'image',
              pageUrl: m.pageUrl,
              mediaUrl: m.mediaUrl,
              mediaHash: fp.hash,
              thumbKey: thumb,
              similarity: x.similarity,
              distance: x.distance,
              timeRange: null,
              licenceId: licence?.id ?? null,
            });
            sum.hits++;
            found++;
            if (r.created) sum.newHits++;
          }
        } else {
          const v = await videoFrames(res.body, ctx.signal);
          const matches = await matchVideo(ctx.db, v.frames, workIds);
          let thumb: string | null = null;
          for (const x of matches) {
            const hash = v.frames.find((f) => f.quality >= 50)?.hash ?? v.frames[0].hash;
            if (await repo.isFalsePositive(ctx.db, plan.user_id, x.workId, hash)) continue;
            if (v.still) thumb ??= await thumbnail(ctx, v.still);
            const licence = await repo.licenceForSite(ctx.db, x.workId, host);
            const r = await saveHit(ctx, {
              workId: x.workId,
              ownerId: plan.user_id,
              sourceId: src.id,
              mediaKind: 'video',
              pageUrl: m.pageUrl,
              mediaUrl: m.mediaUrl,
              mediaHash: hash,
              thumbKey: thumb,
              similarity: x.similarity,
              distance: x.distance,
              licenceId: licence?.id ?? null,
              timeRange: {
                original: x.alignment.originalRange,
                candidate: x.alignment.candidateRange,
                mirrored: x.alignment.mirrored,
              },
            });
            sum.hits++;
            found++;
            if (r.created) sum.newHits++;
          }
        }
      } catch (e) {
        if (ctx.signal.aborted) throw e;
        // An undecodable file on someone's site is not a failure of the run.
      }
    }
    await repo.markSourceCrawled(ctx.db, src.id, `抓取 ${crawl.pages.length} 个页面，发现 ${found} 条疑似侵权`);
  }
  await repo.finishRun(ctx.db, runId, sum);
  if (sum.newHits) {
    await notify(ctx.db, plan.user_id, {
      kind: 'monitor',
      title: `版权监测发现 ${sum.newHits} 条新的疑似侵权`,
      body: '请前往监测中心处理：确认授权、发送侵权通知或提供补授权。',
      link: '/cyprotect/mymonitor',
    });
  }
  return sum;
}

defineTask<{ planId: number }>(
  SCAN_TASK,
  async (p, ctx) => {
    const sum = await scanPlan(ctx, p.planId);
    // The next run is queued after this one (same dedupe key: queued only once this job has finished running).
    const plan = await repo.planById(ctx.db, p.planId);
    if (plan && ctx.config.env !== 'test') {
      const next = new Date(Date.now() + FREQUENCY_MS[plan.frequency]);
      await repo.schedulePlan(ctx.db, plan.id, next);
      await ctx.db.tx((q) =>
        enqueue(
          q,
          SCAN_TASK,
          { planId: plan.id },
          { runAt: next, ownerId: plan.user_id, dedupeKey: `plan:${plan.id}:${next.toISOString().slice(0, 10)}` },
        ),
      );
    }
    return sum;
  },
  { maxAttempts: 3, timeoutMs: 30 * 60_000, concurrency: 1 },
);
