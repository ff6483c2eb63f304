import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { BackupError } from './errors.js';
import type { BackupKey } from './key-file.js';

/**
 * A part is one file of a snapshot folder: gzip, then (with a key) AES-256-GCM. The manifest
 * records each part's size and SHA-256 as stored, so a restore checks every byte before it
 * writes anything, without decrypting or unpacking.
 *
 * Encrypted layout: "LMBKAES1" | key id (8) | IV (12) | ciphertext | GCM tag (16). The part's path
 * is the additional authenticated data: a part moved under another name does not decrypt.
 */
export interface StoredPart {
  /** Path inside the snapshot folder, with forward slashes. */
  part: string;
  size: number;
  sha256: string;
}

const MAGIC = Buffer.from('LMBKAES1');
const HEADER = MAGIC.length + 8 + 12;
const TAG = 16;

/** A pipeline step; streams may hand on strings in their types, never in fact here (gzip yields bytes). */
type Stage = (source: AsyncIterable<Buffer | string>) => AsyncGenerator<Buffer>;
const bytes = (chunk: Buffer | string) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk);

const passThrough: Stage = async function* (source) {
  for await (const chunk of source) yield bytes(chunk);
};

function encrypt(key: BackupKey, aad: string): Stage {
  return async function* (source) {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', key.key, iv);
    cipher.setAAD(Buffer.from(aad));
    yield Buffer.concat([MAGIC, key.id, iv]);
    for await (const chunk of source) {
      const out = cipher.update(bytes(chunk));
      if (out.length) yield out;
    }
    const last = cipher.final();
    if (last.length) yield last;
    yield cipher.getAuthTag();
  };
}

/** Decrypts a part as it streams; the tag is the last 16 bytes, so they are held back until the end. */
function decrypt(key: BackupKey, aad: string): Stage {
  return async function* (source) {
    let head = Buffer.alloc(0);
    let tail = Buffer.alloc(0);
    let decipher: crypto.DecipherGCM | undefined;
    for await (const chunk of source) {
      let data = bytes(chunk);
      if (!decipher) {
        head = Buffer.concat([head, data]);
        if (head.length < HEADER) continue;
        if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupError(`${aad} 不是加密的备份文件`);
        if (!head.subarray(MAGIC.length, MAGIC.length + 8).equals(key.id)) throw wrongKey(aad);
        decipher = crypto.createDecipheriv('aes-256-gcm', key.key, head.subarray(MAGIC.length + 8, HEADER));
        decipher.setAAD(Buffer.from(aad));
        data = head.subarray(HEADER);
      }
      tail = Buffer.concat([tail, data]);
      if (tail.length > TAG) {
        const out = decipher.update(tail.subarray(0, tail.length - TAG));
        tail = tail.subarray(tail.length - TAG);
        if (out.length) yield out;
      }
    }
    if (!decipher || tail.length !== TAG) throw new BackupError(`${aad} 不完整（文件被截断）`);
    decipher.setAuthTag(tail);
    let last: Buffer;
    try {
      last = decipher.final();
    } catch {
      throw new BackupError(`${aad} 解密校验失败：快照被改动过，或不是用这个密钥加密的`);
    }
    if (last.length) yield last;
  };
}

export const wrongKey = (what: string) =>
  new BackupError(`加密密钥不对：${what} 不是用这个密钥文件加密的，请使用备份时的 --encrypt-key-file`);

/** Absolute path of a part, refusing any name that would leave the snapshot folder (a manifest is input). */
export function partPath(dir: string, part: string): string {
  if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(part) || part.split('/').some((s) => s === '..' || s === '.'))
    throw new BackupError(`快照清单中的文件名不合法：${JSON.stringify(part)}`);
  return path.join(dir, ...part.split('/'));
}

/**
 * Writes `source` as a part (gzip, then encryption with a key); returns what the manifest records.
 * `level`: gzip level (1 for media that is compressed already, where more effort buys nothing).
 */
export async function writePart(
  dir: string,
  part: string,
  source: Readable | AsyncIterable<Buffer | string>,
  opts: { key?: BackupKey; level?: number } = {},
): Promise<StoredPart> {
  const file = partPath(dir, part);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const hash = crypto.createHash('sha256');
  let size = 0;
  await pipeline(
    source,
    zlib.createGzip({ level: opts.level ?? 6 }),
    opts.key ? encrypt(opts.key, part) : passThrough,
    async function* (stored: AsyncIterable<Buffer | string>) {
      for await (const c of stored) {
        const chunk = bytes(c);
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    fs.createWriteStream(file, { mode: 0o600 }),
  );
  return { part, size, sha256: hash.digest('hex') };
}

/**
 * The plain content of a part as a stream. The stored bytes are hashed again as they are read and
 * the stream fails at its end when they differ from the manifest's (a part changed after the check);
 * the manifest itself has no recorded hash (encrypted, its GCM tag stands for one).
 */
export function readPart(dir: string, stored: { part: string; sha256?: string }, key?: BackupKey): Readable {
  const out = new PassThrough();
  const hash = crypto.createHash('sha256');
  pipeline(
    fs.createReadStream(partPath(dir, stored.part)),
    async function* (source: AsyncIterable<Buffer | string>) {
      for await (const chunk of source) {
        hash.update(chunk);
        yield bytes(chunk);
      }
      if (stored.sha256 && hash.digest('hex') !== stored.sha256) throw changed(stored.part);
    },
    key ? decrypt(key, stored.part) : passThrough,
    zlib.createGunzip(),
    out,
  ).catch((e) => out.destroy(e));
  return out;
}

/** A whole part's plain content (small parts only: the manifest). */
export async function readWholePart(dir: string, stored: { part: string }, key?: BackupKey): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of readPart(dir, stored, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Size and SHA-256 of a part as stored, or null when it is missing. */
export async function storedDigest(dir: string, part: string): Promise<{ size: number; sha256: string } | null> {
  const file = partPath(dir, part);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) return null;
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return { size: stat.size, sha256: hash.digest('hex') };
}

export const changed = (part: string) =>
  new BackupError(`快照文件 ${part} 的校验和与清单不符：快照已损坏或被改动，已拒绝恢复`);
