/**
 * capture.screen-finish: encodes a stopped recording's frames into WebM (ffmpeg, VP8, each frame
 * shown for as long as the screen showed it) and seals the evidence bundle like a web capture:
 * manifest.json of every artefact's SHA-256, an RFC 3161 timestamp, a 'screen-capture' log leaf.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { JobContext } from '../../jobs/types.js';
import { defineTask } from '../../jobs/index.js';
import * as wc from '../../repositories/web-captures.js';
import { releaseQuota } from '../service-orders-quota.js';
import { finishCapture, storeWithManifest, timestampOf } from './run-capture.js';
import { unzipStore } from './zip.js';
import type { CaptureFile } from './capture-pages.js';

const run = promisify(execFile);

export const SCREEN_FINISH_TASK = 'capture.screen-finish';
export const screenRef = (id: number) => `screen_capture:${id}`;

/**
 * WebM from JPEG frames named "<index>-<ms since the recording started>.jpg"; null when there are none.
 * `endMs` is when the recording stopped (ms since the start): the last frame lasts until then, so the
 * video is as long as the session; without it (jobs queued before it was sent) 1 s. Until the first
 * frame (the browser had painted nothing yet) the video shows a blank screen of the frames' size.
 */
export async function framesToWebm(
  frames: Map<string, Buffer>,
  signal?: AbortSignal,
  endMs?: number,
): Promise<Buffer | null> {
  const names = [...frames.keys()].sort();
  if (!names.length) return null;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lumen-frames-'));
  try {
    const at = names.map((n) => Number(n.split('-')[1].replace('.jpg', '')));
    const lines: string[] = [];
    if (at[0] >= 40) {
      const { width, height } = await sharp(frames.get(names[0])!).metadata();
      const blank = { width: width ?? 1280, height: height ?? 800, channels: 3 as const, background: '#ffffff' };
      await fs.promises.writeFile(path.join(dir, 'blank.jpg'), await sharp({ create: blank }).jpeg().toBuffer());
      lines.push(`file 'blank.jpg'`, `duration ${(at[0] / 1000).toFixed(3)}`);
    }
    for (let i = 0; i < names.length; i++) {
      await fs.promises.writeFile(path.join(dir, names[i]), frames.get(names[i])!);
      // A frame lasts until the next one (the screencast sends frames only when the screen changes).
      const until = i + 1 < names.length ? at[i + 1] : endMs;
      const seconds = until === undefined ? 1 : Math.max(0.04, (until - at[i]) / 1000);
      lines.push(`file '${names[i]}'`, `duration ${seconds.toFixed(3)}`);
    }
    lines.push(`file '${names[names.length - 1]}'`); // the concat demuxer ignores the last duration otherwise
    await fs.promises.writeFile(path.join(dir, 'list.txt'), lines.join('\n'));
    await run(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        'list.txt',
        '-vf',
        'scale=trunc(iw/2)*2:trunc(ih/2)*2,fps=10',
        '-c:v',
        'libvpx',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-b:v',
        '1M',
        '-pix_fmt',
        'yuv420p',
        'recording.webm',
      ],
      { cwd: dir, signal, timeout: 5 * 60_000 },
    );
    return await fs.promises.readFile(path.join(dir, 'recording.webm'));
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

async function finishRecording(
  payload: {
    captureId: number;
    files: Array<{ name: string; key: string; contentType: string }>;
    finalUrl: string;
    endMs?: number;
  },
  ctx: JobContext,
) {
  const row = await wc.findCapture(ctx.db, payload.captureId);
  if (!row || row.status !== wc.CAPTURE.RUNNING) return { skipped: true };
  try {
    await ctx.progress(10, '正在合成录屏视频');
    const files: CaptureFile[] = await Promise.all(
      payload.files.map(async (f) => ({
        name: f.name,
        data: await ctx.storage.get(f.key),
        contentType: f.contentType,
      })),
    );
    const frames = unzipStore(files.find((f) => f.name === 'frames.zip')!.data);
    const webm = await framesToWebm(frames, ctx.signal, payload.endMs);
    if (webm) files.unshift({ name: 'recording.webm', data: webm, contentType: 'video/webm' });
    await ctx.progress(70, '正在生成清单并写入存证日志');
    const stored = await storeWithManifest(ctx.storage, row.id, files, {
      captureId: row.id,
      kind: 'screen',
      urls: row.urls,
      finalUrl: payload.finalUrl,
    });
    const ok = !!webm;
    const tsr = ok ? await timestampOf(ctx.config, stored.manifest, ctx.log) : null;
    await finishCapture(
      ctx.db,
      ctx.storage,
      {
        id: row.id,
        userId: row.userId,
        kind: 'screen',
        ok,
        pages: [
          {
            url: row.urls[0],
            finalUrl: payload.finalUrl,
            status: null,
            title: null,
            ok,
            redirects: [],
            capturedAt: new Date().toISOString(),
          },
        ],
        stored,
        tsr,
        urls: row.urls,
        error: ok ? undefined : '没有录到任何画面',
      },
      'screen_recording',
      screenRef,
    );
    return { ok, manifestSha256: stored.manifestSha256 };
  } catch (err) {
    // The user reads the error on the capture page: a sentence, not ffmpeg's command line (that goes to the log).
    ctx.log.error({ err, captureId: row.id, attempt: ctx.attempt }, 'screen recording finish failed');
    if (ctx.attempt >= ctx.maxAttempts) {
      await ctx.db.tx(async (t) => {
        if (
          await wc.moveCapture(t, row.id, [wc.CAPTURE.RUNNING], wc.CAPTURE.FAILED, {
            error: '录屏视频合成失败，本次录屏次数已退回，请重新录制',
          })
        ) {
          await releaseQuota(t, { userId: row.userId, service: 'screen_recording', ref: screenRef(row.id) });
        }
      });
    }
    throw err;
  }
}

defineTask(SCREEN_FINISH_TASK, finishRecording, { maxAttempts: 2, timeoutMs: 10 * 60_000, concurrency: 1 });
