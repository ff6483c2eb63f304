import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';
import { servicesOf } from '../helpers/jobs.js';
import { seedUsers } from '../../server/src/seed/users.js';
import { seedCatalogue } from '../../server/src/seed/catalogue.js';
import { SEED_MEDIA_TASK } from '../../server/src/seed/catalogue/media-task.js';
import { CLIP_DESIGNS, IMAGE_DESIGNS, TEMPLATE_DESIGNS } from '../../server/src/seed/catalogue/media.js';
import { runUntilIdle } from '../../server/src/jobs/index.js';

/**
 * The first start seeds rows at once and leaves the demo media to jobs: the catalogue is browsable
 * before any file exists (placeholders), and the jobs fill in media, albums covers and certificates.
 */
describe('demo catalogue media through the job queue', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const count = async (sql: string) => Number((await t.db.query<{ n: number }>(sql)).rows[0].n);
  const health = async () => (await t.app.inject('/api/health')).json().data;

  beforeAll(async () => {
    t = await makeTestApp();
    await seedUsers(t.app);
    await seedCatalogue(t.app);
  });
  afterAll(() => t?.close());

  it('seeds the rows without media and one pending job per design', async () => {
    expect(await count('SELECT count(*) AS n FROM materials')).toBeGreaterThan(240);
    expect(
      await count('SELECT count(*) AS n FROM materials WHERE cover_path IS NOT NULL OR original_path IS NOT NULL'),
    ).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE task = '${SEED_MEDIA_TASK}' AND state = 'queued'`)).toBe(
      IMAGE_DESIGNS + CLIP_DESIGNS + TEMPLATE_DESIGNS,
    );
    expect(await health()).toMatchObject({
      status: 'up',
      seedPending: IMAGE_DESIGNS + CLIP_DESIGNS + TEMPLATE_DESIGNS,
    });
    // The lists already answer; cards carry no cover yet (the client shows 处理中).
    const r = await t.app.inject('/api/index/newest?type=1');
    expect(r.statusCode).toBe(200);
    const cards = r.json().data as Array<{ title: string; coverUrl: string | null }>;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.title && c.coverUrl === null)).toBe(true);
    expect(await count('SELECT count(*) AS n FROM material_evidence')).toBe(0);
  });

  it('the jobs generate every design, point all materials and album covers at it and deposit the evidence', async () => {
    await runUntilIdle(servicesOf(t.app), { tasks: [SEED_MEDIA_TASK], pollMs: 50 });
    expect(await health()).toMatchObject({ seedPending: 0 });
    expect(
      await count(`SELECT count(*) AS n FROM jobs WHERE task = '${SEED_MEDIA_TASK}' AND state <> 'succeeded'`),
    ).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM materials WHERE cover_path IS NULL OR preview_path IS NULL OR original_path IS NULL OR size_bytes IS NULL',
      ),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM albums WHERE cover_path IS NULL')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM material_evidence')).toBeGreaterThan(3);
    const sample = (
      await t.db.query<{ cover_path: string; original_path: string }>(
        'SELECT cover_path, original_path FROM materials LIMIT 1',
      )
    ).rows[0];
    expect(await t.app.storage.exists(sample.cover_path)).toBe(true);
    expect(await t.app.storage.exists(sample.original_path)).toBe(true);
  }, 480_000);

  it('every listing states the duration, size and fps its own file has (measured by ffprobe/sharp)', async () => {
    const rows = (
      await t.db.query<{
        id: number;
        type: number;
        original_path: string;
        duration_sec: string | null;
        width: number;
        height: number;
        fps: string | null;
      }>(
        'SELECT DISTINCT ON (original_path) id, type, original_path, duration_sec, width, height, fps FROM materials ORDER BY original_path, id',
      )
    ).rows;
    expect(rows.length).toBe(IMAGE_DESIGNS + CLIP_DESIGNS + TEMPLATE_DESIGNS);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-seed-probe-'));
    try {
      for (const r of rows) {
        const bytes = await t.app.storage.get(r.original_path);
        if (Number(r.type) === 11) {
          const m = await sharp(bytes).metadata();
          expect([r.width, r.height, r.duration_sec, r.fps]).toEqual([m.width, m.height, null, null]);
          continue;
        }
        const f = path.join(dir, `${r.id}.mp4`);
        fs.writeFileSync(f, bytes);
        const p = JSON.parse(
          execFileSync('ffprobe', [
            '-v',
            'error',
            '-print_format',
            'json',
            '-show_format',
            '-show_streams',
            f,
          ]).toString(),
        );
        const [num, den] = String(p.streams[0].avg_frame_rate).split('/').map(Number);
        expect([r.width, r.height, Number(r.fps)]).toEqual([p.streams[0].width, p.streams[0].height, num / den]);
        expect(Number(r.duration_sec)).toBeCloseTo(Number(p.format.duration), 2);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Every material of a design got the same measurement, and clips a keyframe strip.
    expect(
      await count(`SELECT count(*) AS n FROM materials m JOIN material_media mm ON mm.material_id = m.id
      WHERE m.type <> 11 AND mm.strip_key IS NOT NULL AND m.fps IS NOT NULL`),
    ).toBe(await count('SELECT count(*) AS n FROM materials WHERE type <> 11'));
  });

  it('seeding again adds no rows and no jobs', async () => {
    const jobs = await count('SELECT count(*) AS n FROM jobs');
    await seedCatalogue(t.app);
    expect(await count('SELECT count(*) AS n FROM jobs')).toBe(jobs);
  });
});
