import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeTestDatabase } from '../helpers/app.js';
import { FAST, servicesOf, waitForJob } from '../helpers/jobs.js';
import { migrate } from '../../server/src/db/migrate.js';
import { defineTask, enqueue, startWorker } from '../../server/src/jobs/index.js';

/** Jobs live in the database: a queued job written before a restart runs after it. */
defineTask<{ word: string }>('test.after-restart', (p) => `${p.word}!`);

describe('jobs survive a restart', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-jobs-restart-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a job queued before the database was closed runs once it is opened again (same PGlite folder / same schema)', async () => {
    const store = await makeTestDatabase({ pgliteDir: path.join(dir, 'pglite'), migrated: true });
    const before = await store.open();
    await migrate(before);
    const { id } = await enqueue(before, 'test.after-restart', { word: '重启' });
    await before.close();

    const after = await store.open();
    const t = await makeTestApp();
    try {
      expect((await migrate(after)).length).toBe(0);
      const worker = startWorker(servicesOf(t.app, after), FAST);
      try {
        expect(await waitForJob(after, id, ['succeeded', 'failed'])).toMatchObject({
          state: 'succeeded',
          result: '重启!',
          attempts: 1,
        });
      } finally {
        await worker.stop(1000);
      }
    } finally {
      await after.close();
      await store.drop();
      await t.close();
    }
  });
});
