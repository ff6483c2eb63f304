/**
 * Server half of the upload rules: measures the uploaded bytes (type by content with file-type,
 * pixels with image-size, duration from the container with music-metadata, else ffmpeg) and runs the
 * same checkFileMeta as the browser, so both sides refuse with the same Chinese message.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { imageSize } from 'image-size';
import { parseBuffer, parseFile } from 'music-metadata';
import { checkFileMeta, ruleMessage, type FileMeta, type UploadRule } from '../../../src/schemas/file-rules.js';
import { ffmpegInputGuard, MAX_IMAGE_PIXELS, MSG_IMAGE_TOO_MANY_PIXELS } from './media-limits.js';
import { polyglotRefusal } from './polyglot.js';

export type FileSource = { filename: string } & ({ buffer: Buffer } | { path: string });

export interface FileCheckResult {
  /** The Chinese message of the first broken rule, or null when the file is accepted. */
  message: string | null;
  /** What was measured (type is the content type, '' when unknown). */
  meta: FileMeta;
}

const hasDims = (r: UploadRule) => !!(r.minWidth || r.minHeight || r.maxWidth || r.maxHeight);

async function ffmpegPath(): Promise<string> {
  return (await import('@ffmpeg-installer/ffmpeg')).default.path;
}

/** Duration from `ffmpeg -i` output; used for containers music-metadata does not read (AVI). */
async function ffmpegDuration(file: string): Promise<number | null> {
  const bin = await ffmpegPath();
  const stderr = await new Promise<string>((resolve) => {
    // ffmpeg exits 1 without an output file; the header it prints is all we need.
    // Real containers of the video rules only (mp4/mov, avi, wmv), local file only: never a playlist.
    execFile(
      bin,
      ['-hide_banner', '-nostdin', ...ffmpegInputGuard('mov,avi,asf'), '-i', file],
      { timeout: 20_000, maxBuffer: 1 << 20 },
      (_e, _o, err) => resolve(String(err)),
    );
  });
  const m = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

async function measureDuration(src: FileSource, mime: string): Promise<number | null> {
  try {
    const meta =
      'buffer' in src
        ? await parseBuffer(src.buffer, { mimeType: mime }, { duration: true })
        : await parseFile(src.path, { duration: true });
    if (meta.format.duration && Number.isFinite(meta.format.duration)) return meta.format.duration;
  } catch {
    /* container not understood by music-metadata: ask ffmpeg */
  }
  if ('path' in src) return ffmpegDuration(src.path);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-probe-'));
  try {
    const tmp = path.join(dir, 'probe');
    await fs.writeFile(tmp, src.buffer);
    return await ffmpegDuration(tmp);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Checks one uploaded file against a rule object. */
export async function checkUploadedFile(rule: UploadRule, src: FileSource): Promise<FileCheckResult> {
  const size = 'buffer' in src ? src.buffer.length : (await fs.stat(src.path)).size;
  const detected = 'buffer' in src ? await fileTypeFromBuffer(src.buffer) : await fileTypeFromFile(src.path);
  const meta: FileMeta = { name: path.basename(src.filename), size, type: detected?.mime ?? '' };
  // Unknown content is refused outright: the browser may skip an empty type, the server may not.
  if (!detected) return { message: ruleMessage(rule), meta };
  const early = checkFileMeta(rule, meta);
  if (early) return { message: early, meta };
  const image = meta.type === 'image/jpeg' || meta.type === 'image/png';
  if (hasDims(rule) || image) {
    const buf = 'buffer' in src ? src.buffer : await fs.readFile(src.path);
    if (image) {
      const foreign = polyglotRefusal(buf, meta.type);
      if (foreign) return { message: foreign, meta };
    }
    try {
      const dim = imageSize(buf);
      meta.width = dim.width ?? null;
      meta.height = dim.height ?? null;
    } catch {
      meta.width = meta.height = null;
    }
  }
  if (rule.minDurationSec) meta.durationSec = await measureDuration(src, meta.type);
  const broken = checkFileMeta(rule, meta);
  // Within the rule's sides but too many pixels to decode (a few bytes may declare them): refused before any decode.
  if (!broken && (meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS)
    return { message: MSG_IMAGE_TOO_MANY_PIXELS, meta };
  return { message: broken, meta };
}
