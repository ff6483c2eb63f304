import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../security/media-limits.js';
import type { ObjectStore } from '../../storage/index.js';
import { PUBLIC_GROUP } from '../../storage/groups.js';
import { probeVideo, type VideoMeta } from './probe.js';
import { makeStrip, type StripLayout } from './video.js';

export interface Measured {
  durationSec: number | null;
  width: number;
  height: number;
  fps: number | null;
  codec: string | null;
  bitrate: number | null;
  stripKey: string | null;
  strip: StripLayout | null;
}

/**
 * What the pipeline measures of a stored original, plus the keyframe strip of a video: used where
 * derivatives exist already (the seeded catalogue) so listed metadata is the file's own.
 */
export async function measureOriginal(
  storage: ObjectStore,
  originalKey: string,
  video: boolean,
  signal?: AbortSignal,
): Promise<Measured> {
  const bytes = await storage.get(originalKey);
  if (!video) {
    const m = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    const swap = (m.orientation ?? 1) >= 5;
    return {
      durationSec: null,
      width: (swap ? m.height : m.width) ?? 0,
      height: (swap ? m.width : m.height) ?? 0,
      fps: null,
      codec: null,
      bitrate: null,
      stripKey: null,
      strip: null,
    };
  }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lumen-measure-'));
  try {
    const src = path.join(dir, 'original');
    await fs.promises.writeFile(src, bytes);
    const meta: VideoMeta = await probeVideo(src, signal);
    const strip = await makeStrip(src, dir, meta, signal);
    const stripKey = await storage.put(storage.newKey(PUBLIC_GROUP, 'jpg'), await fs.promises.readFile(strip.file), {
      contentType: 'image/jpeg',
    });
    return {
      durationSec: meta.durationSec,
      width: meta.width,
      height: meta.height,
      fps: meta.fps,
      codec: meta.codec,
      bitrate: meta.bitrate,
      stripKey,
      strip: strip.layout,
    };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
