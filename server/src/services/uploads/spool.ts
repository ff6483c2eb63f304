import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * In-order spooling: while chunks arrive, this process appends each chunk it records for the first
 * time to one temp file and feeds it to SHA-256, in chunk order, so that assembly at the end need
 * not read every chunk back and hash 200 MB while the client waits (it was a third of a 200 MB
 * upload's time).
 *
 * It is only a shortcut. The chunk objects and their rows stay the record. The spool holds chunks
 * 1..next-1 exactly, and only if chunk 1 was first recorded by this process (so nothing received
 * before a restart can be missing from it). Whatever it lacks at the end (a chunk recorded by
 * another app server or before the spool began, chunks dropped because too many came out of
 * order) is read from the chunk objects by takeSpool; any write error drops the spool and assembly
 * reads every chunk as before.
 */

/** Out-of-order chunks held in memory per upload while an earlier one is missing (3 in flight is normal). */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** Spools open at once in this process; the oldest is dropped past it (its upload falls back). */
const MAX_SPOOLS = 16;
/** A spool no chunk has reached for this long belongs to an abandoned upload: dropped. */
const IDLE_MS = 10 * 60 * 1000;

interface Spool {
  tmpDir: string;
  /** Opened when chunk 1 arrives; until then only out-of-order chunks wait in `pending`. */
  file: string | null;
  handle: Promise<fs.promises.FileHandle> | null;
  hash: crypto.Hash;
  next: number;
  bytes: number;
  pending: Map<number, Buffer>;
  pendingBytes: number;
  /** Too many chunks came out of order: stop taking new ones; takeSpool reads the rest. */
  stalled: boolean;
  /** Appends run one after another; assembly awaits the last. */
  chain: Promise<void>;
  broken: boolean;
  touched: number;
}

export interface SpooledFile {
  file: string;
  size: number;
  sha256: string;
}

const spools = new Map<string, Spool>();

function release(s: Spool): void {
  s.broken = true;
  s.pending.clear();
  const file = s.file;
  if (!file) return;
  void s.chain
    .catch(() => undefined)
    .then(() => s.handle?.then((h) => h.close()))
    .catch(() => undefined)
    .finally(() => fs.promises.rm(file, { force: true }).catch(() => undefined));
}

function drop(uploadId: string): void {
  const s = spools.get(uploadId);
  if (!s) return;
  spools.delete(uploadId);
  release(s);
}

/** Appends buffers to the spool file in order, hashing them now and writing them on the chain. */
function append(s: Spool, buf: Buffer): void {
  s.next++;
  s.bytes += buf.length;
  s.hash.update(buf);
  s.chain = s.chain.then(async () => {
    if (s.broken) return;
    const h = await s.handle!;
    let off = 0;
    while (off < buf.length) off += (await h.write(buf, off, buf.length - off)).bytesWritten;
  });
  s.chain.catch(() => undefined);
}

function drain(s: Spool): void {
  if (!s.handle) return;
  while (s.pending.has(s.next)) {
    const buf = s.pending.get(s.next)!;
    s.pending.delete(s.next);
    s.pendingBytes -= buf.length;
    append(s, buf);
  }
}

/**
 * Offers a chunk this process has just recorded for the first time; `bytes` null when it was too
 * large to hold in memory (the spool then stops taking chunks and takeSpool reads the rest).
 */
export function offerChunk(tmpDir: string, uploadId: string, chunkNo: number, bytes: Buffer | null): void {
  const now = Date.now();
  for (const [id, old] of spools) if (now - old.touched > IDLE_MS) drop(id);
  let s = spools.get(uploadId);
  if (!s) {
    if (!bytes) return;
    if (spools.size >= MAX_SPOOLS) drop(spools.keys().next().value!);
    s = {
      tmpDir,
      file: null,
      handle: null,
      hash: crypto.createHash('sha256'),
      next: 1,
      bytes: 0,
      pending: new Map(),
      pendingBytes: 0,
      stalled: false,
      chain: Promise.resolve(),
      broken: false,
      touched: now,
    };
    spools.set(uploadId, s);
  }
  s.touched = now;
  if (s.broken || s.stalled || chunkNo < s.next || s.pending.has(chunkNo)) return;
  if (!bytes) {
    s.stalled = true;
    s.pending.clear();
    s.pendingBytes = 0;
    return;
  }
  if (chunkNo === 1 && !s.handle) {
    s.file = path.join(tmpDir, `spool-${uploadId}-${crypto.randomBytes(4).toString('hex')}`);
    const file = s.file;
    s.handle = fs.promises.mkdir(tmpDir, { recursive: true }).then(() => fs.promises.open(file, 'w'));
    s.handle.catch(() => undefined);
  }
  s.pending.set(chunkNo, bytes);
  s.pendingBytes += bytes.length;
  drain(s);
  if (s.pendingBytes > MAX_PENDING_BYTES) {
    // Without chunk 1 this spool can never start; with it, keep the prefix and read the rest later.
    if (!s.handle) return drop(uploadId);
    s.stalled = true;
    s.pending.clear();
    s.pendingBytes = 0;
  }
}

/**
 * The spooled file of a fully recorded upload, completed from the chunk objects where the spool
 * lacks chunks, or null when assembly must read every chunk. The caller owns (and removes) the file.
 */
export async function takeSpool(
  uploadId: string,
  totalChunks: number,
  readChunk: (n: number) => Promise<Readable>,
): Promise<SpooledFile | null> {
  const s = spools.get(uploadId);
  if (!s) return null;
  spools.delete(uploadId);
  if (!s.handle || s.broken) {
    release(s);
    return null;
  }
  try {
    // What is still missing comes from what was held in memory, else from the stored chunk.
    for (let n = s.next; n <= totalChunks; n++) {
      const held = s.pending.get(n);
      if (held) {
        append(s, held);
        continue;
      }
      const parts: Buffer[] = [];
      for await (const buf of await readChunk(n)) parts.push(buf as Buffer);
      append(s, Buffer.concat(parts));
      await s.chain;
    }
    await s.chain;
    const h = await s.handle;
    await h.close();
    if (s.broken) throw new Error('spool write failed');
  } catch {
    release(s);
    return null;
  }
  return { file: s.file!, size: s.bytes, sha256: s.hash.digest('hex') };
}

/** Forgets an upload's spool (cancelled, expired, failed) and removes its file. */
export function discardSpool(uploadId: string): void {
  drop(uploadId);
}
