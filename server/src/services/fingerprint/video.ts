import { spawn } from 'node:child_process';
import { ffmpegBin } from '../media/binaries.js';
import { trimUniformBorders } from './borders.js';
import { mirrorLuma } from './image.js';
import { pdqFromLuma } from './pdq.js';

/**
 * PDQF-style video fingerprint: frames sampled at a fixed rate (FRAME_RATE per second), each
 * scaled to a small grey square by ffmpeg and hashed with PDQ after letterbox bars are trimmed.
 * A fixed rate (not keyframes) is what lets a trimmed or re-encoded copy line up frame by frame.
 */
export const FRAME_RATE = 2;
const SIDE = 128;
/** Frames of a long video beyond this many are not hashed (10 minutes at 2 fps). */
const MAX_FRAMES = 1200;

export interface VideoFrameHash {
  index: number;
  /** Seconds from the start. */
  t: number;
  hash: string;
  mirrorHash: string;
  quality: number;
}

/** Raw 8-bit grey frames from ffmpeg's stdout. */
function grabFrames(file: string, bin: string, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const p = spawn(
      bin,
      [
        '-v',
        'error',
        '-i',
        file,
        '-an',
        '-vf',
        `fps=${FRAME_RATE},scale=${SIDE}:${SIDE}:flags=area`,
        '-frames:v',
        String(MAX_FRAMES),
        '-f',
        'rawvideo',
        '-pix_fmt',
        'gray',
        'pipe:1',
      ],
      { signal },
    );
    const chunks: Buffer[] = [];
    let err = '';
    p.stdout.on('data', (c: Buffer) => chunks.push(c));
    p.stderr.on('data', (c: Buffer) => {
      err += String(c);
    });
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks))
        : reject(new Error(err.trim().split('\n').slice(-2).join(' ') || `ffmpeg exited ${code}`)),
    );
  });
}

export async function fingerprintVideo(file: string, signal?: AbortSignal): Promise<VideoFrameHash[]> {
  const raw = await grabFrames(file, await ffmpegBin(), signal);
  const size = SIDE * SIDE;
  const frames: VideoFrameHash[] = [];
  for (let i = 0; i * size + size <= raw.length; i++) {
    const luma = new Float32Array(size);
    for (let k = 0; k < size; k++) luma[k] = raw[i * size + k];
    const t = trimUniformBorders(luma, SIDE, SIDE);
    const mirrored = mirrorLuma(t.luma, t.width, t.height);
    const main = pdqFromLuma(t.luma, t.width, t.height);
    frames.push({
      index: i,
      t: i / FRAME_RATE,
      hash: main.hash,
      quality: main.quality,
      mirrorHash: pdqFromLuma(mirrored, t.width, t.height).hash,
    });
  }
  return frames;
}
