import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { LocalStorage } from '../../server/src/storage/local.js';
import { removeStaleTempFiles, STALE_TEMP_AGE_MS } from '../../server/src/storage/stale-temp.js';

describe('start-up sweep of temp files left by a killed process', () => {
  let dataDir: string;
  let tmpDir: string;
  let store: LocalStorage;
  const now = Date.now();
  /** A file whose last write was ageMs ago. */
  const leave = (file: string, ageMs: number) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'partial');
    const t = new Date(now - ageMs);
    fs.utimesSync(file, t, t);
    return file;
  };

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-sweep-'));
    tmpDir = path.join(dataDir, 'tmp');
    store = new LocalStorage(path.join(dataDir, 'files'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('with the data folder locked (PGlite): every upload temp entry and every *.part file, nothing else', async () => {
    const key = await store.put('deposits/202611/aa11.pdf', Buffer.from('%PDF-1.7 finished'));
    const orphans = [
      leave(path.join(tmpDir, '9f8e7d6c5b4a'), 0),
      leave(path.join(tmpDir, 'probe', 'frame.jpg'), 0),
      leave(`${store.pathOf(key)}.31337.deadbeef.part`, 0),
      leave(path.join(store.root, 'media-public', '202611', 'bb22.mp4.7.00ff00ff.part'), 0),
    ];
    const removed = await removeStaleTempFiles({ tmpDir, store, olderThanMs: 0, now });
    expect(removed.sort()).toEqual([...orphans.slice(0, 1), path.join(tmpDir, 'probe'), ...orphans.slice(2)].sort());
    expect(fs.readdirSync(tmpDir)).toEqual([]);
    expect(await store.list('')).toEqual([key]);
    expect((await store.get(key)).toString()).toBe('%PDF-1.7 finished');
    expect(fs.readdirSync(path.join(store.root, 'media-public', '202611'))).toEqual([]);
  });

  it('without the lock (PostgreSQL, DATA_DIR maybe shared): only files untouched for a day', async () => {
    const fresh = [
      leave(path.join(tmpDir, 'uploading-now'), 60_000),
      leave(path.join(store.root, 'deposits', '202611', 'cc.pdf.9.aa.part'), 60_000),
    ];
    const old = [
      leave(path.join(tmpDir, 'abandoned'), STALE_TEMP_AGE_MS + 1),
      leave(path.join(store.root, 'deposits', '202611', 'dd.pdf.9.bb.part'), STALE_TEMP_AGE_MS + 1),
    ];
    const removed = await removeStaleTempFiles({ tmpDir, store, olderThanMs: STALE_TEMP_AGE_MS, now });
    expect(removed.sort()).toEqual(old.sort());
    for (const f of fresh) expect(fs.existsSync(f), f).toBe(true);
  });

  it('a missing temp folder or an empty store is nothing to do', async () => {
    expect(await removeStaleTempFiles({ tmpDir, store, olderThanMs: 0, now })).toEqual([]);
  });

  it('recognises the half-written file the local store really leaves while a write is under way', async () => {
    const body = new PassThrough();
    const writing = store.putStream('deposits/202611/ee.pdf', body).catch((e: Error) => e.message);
    body.write('half of it');
    const dir = path.join(store.root, 'deposits', '202611');
    await vi.waitFor(() => expect(fs.readdirSync(dir).filter((f) => f.endsWith('.part'))).toHaveLength(1));
    const removed = await removeStaleTempFiles({ tmpDir, store, olderThanMs: 0 });
    expect(removed.map((f) => path.basename(f))).toEqual([expect.stringMatching(/^ee\.pdf\.\d+\.[0-9a-f]+\.part$/)]);
    body.destroy(new Error('killed'));
    expect(await writing).toBe('killed');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
