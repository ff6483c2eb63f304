import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { FAST, servicesOf, waitForJob } from '../helpers/jobs.js';
import { initUpload, postChunk } from '../helpers/upload.js';
import { startWorker } from '../../server/src/jobs/worker.js';
import { scheduleUploadSweep, UPLOAD_SWEEP_TASK } from '../../server/src/services/uploads/sweep.js';

/** The upload sweep is a recurring task of the durable job queue: it expires uploads and queues its next period. */
describe('upload sweep on the job queue', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await makeTestApp();
    ({ auth } = await makeUser(t.db, { roles: ['buyer', 'creator'] }));
  });
  afterAll(async () => t?.close());

  it('expires an unfinished upload, deletes its chunks and queues the next period once', async () => {
    const png = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#3a6' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const { upload } = await initUpload(t.app, auth, { name: '未完成.png', size: png.length });
    expect(upload.totalChunks).toBeGreaterThan(1);
    expect((await postChunk(t.app, auth, upload, png, 1)).statusCode).toBe(200);
    await t.db.query(`UPDATE uploads SET expires_at = now() - interval '1 minute' WHERE id = $1`, [upload.id]);
    expect(await t.app.storage.list(`chunks/${upload.id}/`)).toHaveLength(1);

    const interval = 60_000;
    const slot = Math.floor(Date.now() / interval);
    const first = await scheduleUploadSweep(t.db, slot, new Date(), interval);
    // A second app server starting in the same period gets the same job.
    expect(await scheduleUploadSweep(t.db, slot, new Date(), interval)).toEqual({ id: first.id, created: false });

    const worker = startWorker(servicesOf(t.app), { ...FAST, tasks: [UPLOAD_SWEEP_TASK] });
    try {
      const done = await waitForJob(t.db, first.id, ['succeeded', 'failed']);
      expect(done.state).toBe('succeeded');
      expect(done.result).toMatchObject({ expired: 1 });
    } finally {
      await worker.stop(1000);
    }
    expect((await t.db.query('SELECT state FROM uploads WHERE id = $1', [upload.id])).rows[0].state).toBe('expired');
    expect(await t.app.storage.list(`chunks/${upload.id}/`)).toEqual([]);

    const next = (
      await t.db.query<{ state: string; run_at: Date; dedupe_key: string }>(
        `SELECT state, run_at, dedupe_key FROM jobs WHERE task = $1 AND id <> $2`,
        [UPLOAD_SWEEP_TASK, first.id],
      )
    ).rows;
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ state: 'queued', dedupe_key: `slot:${slot + 1}` });
    expect(new Date(next[0].run_at).getTime()).toBe((slot + 1) * interval);
  });
});
