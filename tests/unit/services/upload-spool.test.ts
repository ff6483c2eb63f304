import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discardSpool, offerChunk, takeSpool } from '../../../server/src/services/uploads/spool.js';

/** Chunks of a random file; `stored` stands for the chunk objects the spool may fall back to. */
function chunksOf(count: number, size = 64 * 1024) {
  const chunks = Array.from({ length: count }, () => crypto.randomBytes(size));
  const whole = Buffer.concat(chunks);
  const reads: number[] = [];
  const read = async (n: number) => {
    reads.push(n);
    return Readable.from([chunks[n - 1]]);
  };
  return { chunks, whole, sha256: crypto.createHash('sha256').update(whole).digest('hex'), reads, read };
}

let tmpDir = '';
let seq = 0;
const uploadId = () => `u${String(++seq).padStart(24, '0')}`;
beforeEach(() => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-spool-'));
});
afterEach(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

describe('upload spool (in-order assembly while chunks arrive)', () => {
  it('chunks offered out of order come out as the file, hashed, without reading any chunk back', async () => {
    const f = chunksOf(12);
    const id = uploadId();
    for (const n of [2, 1, 3, 5, 4, 6, 9, 7, 8, 10, 12, 11]) offerChunk(tmpDir, id, n, f.chunks[n - 1]);
    const spooled = await takeSpool(id, 12, f.read);
    expect(spooled).not.toBeNull();
    expect(f.reads).toEqual([]);
    expect(spooled!.sha256).toBe(f.sha256);
    expect(spooled!.size).toBe(f.whole.length);
    expect(fs.readFileSync(spooled!.file).equals(f.whole)).toBe(true);
  });

  it('without chunk 1 recorded here (received before a restart) there is no spool: assembly reads every chunk', async () => {
    const f = chunksOf(5);
    const id = uploadId();
    for (const n of [2, 3, 4, 5]) offerChunk(tmpDir, id, n, f.chunks[n - 1]);
    expect(await takeSpool(id, 5, f.read)).toBeNull();
  });

  it('a chunk it never saw (another server recorded it) is read from the stored chunks at the end', async () => {
    const f = chunksOf(6);
    const id = uploadId();
    for (const n of [1, 2, 4, 5, 6]) offerChunk(tmpDir, id, n, f.chunks[n - 1]);
    const spooled = await takeSpool(id, 6, f.read);
    expect(f.reads).toEqual([3]);
    expect(spooled!.sha256).toBe(f.sha256);
    expect(fs.readFileSync(spooled!.file).equals(f.whole)).toBe(true);
  });

  it('too many chunks out of order stall it; the prefix is kept and the rest read at the end', async () => {
    const f = chunksOf(200, 64 * 1024); // 8 MB of pending chunks is 128 of these
    const id = uploadId();
    offerChunk(tmpDir, id, 1, f.chunks[0]);
    for (let n = 3; n <= 200; n++) offerChunk(tmpDir, id, n, f.chunks[n - 1]);
    offerChunk(tmpDir, id, 2, f.chunks[1]);
    const spooled = await takeSpool(id, 200, f.read);
    expect(f.reads[0]).toBe(2);
    expect(f.reads.length).toBe(199);
    expect(spooled!.sha256).toBe(f.sha256);
  });

  it('a chunk too large to hold in memory stops it taking chunks; duplicates are ignored', async () => {
    const f = chunksOf(4);
    const id = uploadId();
    offerChunk(tmpDir, id, 1, f.chunks[0]);
    offerChunk(tmpDir, id, 1, crypto.randomBytes(64 * 1024)); // a resend never replaces what was spooled
    offerChunk(tmpDir, id, 2, null);
    offerChunk(tmpDir, id, 3, f.chunks[2]);
    const spooled = await takeSpool(id, 4, f.read);
    expect(f.reads).toEqual([2, 3, 4]);
    expect(spooled!.sha256).toBe(f.sha256);
  });

  it('a discarded upload leaves no spool file behind, and taking it afterwards finds nothing', async () => {
    const f = chunksOf(3);
    const id = uploadId();
    offerChunk(tmpDir, id, 1, f.chunks[0]);
    offerChunk(tmpDir, id, 2, f.chunks[1]);
    discardSpool(id);
    expect(await takeSpool(id, 3, f.read)).toBeNull();
    await expect.poll(() => fs.readdirSync(tmpDir).length).toBe(0);
  });

  it('a stored chunk that cannot be read makes it give up (assembly then reads every chunk) and removes its file', async () => {
    const f = chunksOf(3);
    const id = uploadId();
    offerChunk(tmpDir, id, 1, f.chunks[0]);
    const spooled = await takeSpool(id, 3, async () => {
      throw new Error('gone');
    });
    expect(spooled).toBeNull();
    await expect.poll(() => fs.readdirSync(tmpDir).length).toBe(0);
  });
});
