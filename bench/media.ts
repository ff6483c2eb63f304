/**
 * Media pipeline benchmark (server/src/services/media) on PGlite, with a baseline in the same run.
 *
 *   node --import tsx bench/media.ts [--seconds 60] [--images 40]
 *
 * - video: a 60 s 1080p30 H.264 clip (ffmpeg lavfi testsrc2) stored as an original; time from
 *   enqueueMediaProcessing (upload complete) to the job's preview being stored (poster and strip
 *   included), against the baseline of a plain `ffmpeg -c copy` of the same clip;
 * - images: N 3000x2000 JPEGs through the pipeline (derivatives, dHash, duplicate lookup) by one
 *   worker (the task's concurrency is 1: sharp uses both cores), jobs per minute, against the
 *   baseline of sharp decoding + re-encoding the same file once.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openDb } from '../server/src/db/index.js';
import { migrate } from '../server/src/db/migrate.js';
import { loadConfig } from '../server/src/config.js';
import { LocalStorage } from '../server/src/storage/index.js';
import { runUntilIdle, type JobServices } from '../server/src/jobs/index.js';
import { enqueueMediaProcessing, MEDIA_PROCESS_TASK } from '../server/src/services/media/tasks.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const SECONDS = Number(arg('seconds', '60'));
const IMAGES = Number(arg('images', '40'));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-media-'));
const db = await openDb({ pgliteDir: path.join(dir, 'db') });
await migrate(db);
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, SEED: '0', LOG_LEVEL: 'warn' });
const storage = new LocalStorage(path.join(dir, 'files'));
const services: JobServices = { db, storage, config, log: { info() {}, warn() {}, error() {} } as any };
const owner = Number(
  (
    await db.query<{ id: number }>(
      "INSERT INTO users(phone, nickname, roles) VALUES ('13900000000', 'bench', '{creator}') RETURNING id",
    )
  ).rows[0].id,
);

async function work(type: number, bytes: Buffer, ext: string): Promise<number> {
  const key = await storage.put(storage.newKey('media-original', ext), bytes);
  const id = Number(
    (
      await db.query<{ id: number }>(
        `INSERT INTO materials(type, title, owner_id, status, price_cents, original_path) VALUES ($1, 'bench', $2, 0, 100, $3) RETURNING id`,
        [type, owner, key],
      )
    ).rows[0].id,
  );
  await db.tx((q) => enqueueMediaProcessing(q, { materialId: id, originalKey: key }));
  return id;
}
const time = async (fn: () => Promise<unknown> | unknown) => {
  const t = performance.now();
  await fn();
  return (performance.now() - t) / 1000;
};

try {
  const clip = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=1920x1080:r=30`,
    '-t',
    String(SECONDS),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    clip,
  ]);
  const bytes = fs.readFileSync(clip);
  const copy = await time(() =>
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', clip, '-c', 'copy', path.join(dir, 'copy.mp4')]),
  );
  await work(1, bytes, 'mp4');
  const video = await time(() =>
    runUntilIdle(services, { tasks: [MEDIA_PROCESS_TASK], pollMs: 20, timeoutMs: 30 * 60_000 }),
  );
  console.log(
    `video ${SECONDS}s 1080p30 (${(bytes.length / 1e6).toFixed(1)} MB): upload complete -> preview ready ${video.toFixed(1)} s; baseline ffmpeg -c copy ${copy.toFixed(2)} s`,
  );

  const img = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#4477aa' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><circle cx="900" cy="700" r="500" fill="#fc3"/><rect x="1800" y="900" width="900" height="800" fill="#222"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
  const base = await time(() => sharp(img).jpeg({ quality: 78 }).toBuffer());
  for (let i = 0; i < IMAGES; i++) await work(11, img, 'jpg');
  const images = await time(() =>
    runUntilIdle(services, { tasks: [MEDIA_PROCESS_TASK], pollMs: 20, timeoutMs: 30 * 60_000 }),
  );
  console.log(
    `images 3000x2000: ${IMAGES} jobs in ${images.toFixed(1)} s = ${Math.round((IMAGES / images) * 60)} jobs/min; baseline one sharp decode+encode ${(base * 1000).toFixed(0)} ms (= ${Math.round(60 / base)}/min)`,
  );
  const failed = Number(
    (await db.query<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE state <> 'succeeded'")).rows[0].n,
  );
  if (failed) console.log(`WARNING: ${failed} jobs did not succeed`);
} finally {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
