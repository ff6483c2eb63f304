import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alignVideo } from '../../../server/src/services/fingerprint/align.js';
import { ffmpegBin } from '../../../server/src/services/media/binaries.js';
import { FRAME_RATE, fingerprintVideo } from '../../../server/src/services/fingerprint/video.js';

let dir: string;
let bin: string;
const ff = (args: string[]) => execFileSync(bin, ['-v', 'error', '-y', ...args]);

beforeAll(async () => {
  bin = await ffmpegBin();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-vfp-'));
  ff(['-f', 'lavfi', '-i', 'mandelbrot=s=320x240:r=25', '-t', '12', '-pix_fmt', 'yuv420p', path.join(dir, 'orig.mp4')]);
  ff([
    '-f',
    'lavfi',
    '-i',
    'life=s=320x240:r=25:mold=10:ratio=0.5:seed=7',
    '-t',
    '8',
    '-pix_fmt',
    'yuv420p',
    path.join(dir, 'other.mp4'),
  ]);
  // 4 s from second 5, half size, letterboxed, re-encoded at lower quality.
  ff([
    '-ss',
    '5',
    '-i',
    path.join(dir, 'orig.mp4'),
    '-t',
    '4',
    '-vf',
    'scale=160:120,pad=160:180:0:30:black',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    path.join(dir, 'copy.mp4'),
  ]);
  // 3 s from second 2, mirrored.
  ff([
    '-ss',
    '2',
    '-i',
    path.join(dir, 'orig.mp4'),
    '-t',
    '3',
    '-vf',
    'hflip',
    '-pix_fmt',
    'yuv420p',
    path.join(dir, 'mirror.mp4'),
  ]);
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('video fingerprint and temporal alignment', () => {
  it('samples frames at a fixed rate', async () => {
    const frames = await fingerprintVideo(path.join(dir, 'orig.mp4'));
    expect(frames.length).toBeGreaterThanOrEqual(12 * FRAME_RATE - 1);
    expect(frames[3].t).toBe(3 / FRAME_RATE);
  });

  it('a trimmed, rescaled, letterboxed, re-encoded copy aligns at the right time range', async () => {
    const [orig, copy] = await Promise.all([
      fingerprintVideo(path.join(dir, 'orig.mp4')),
      fingerprintVideo(path.join(dir, 'copy.mp4')),
    ]);
    const a = alignVideo(orig, copy);
    expect(a).not.toBeNull();
    expect(a!.mirrored).toBe(false);
    expect(a!.originalRange[0]).toBeGreaterThanOrEqual(4.5);
    expect(a!.originalRange[0]).toBeLessThanOrEqual(5.5);
    expect(a!.originalRange[1]).toBeGreaterThanOrEqual(8.5);
    expect(a!.matched / a!.compared).toBeGreaterThan(0.7);
  });

  it('a mirrored excerpt aligns through the mirror hashes', async () => {
    const [orig, copy] = await Promise.all([
      fingerprintVideo(path.join(dir, 'orig.mp4')),
      fingerprintVideo(path.join(dir, 'mirror.mp4')),
    ]);
    const a = alignVideo(orig, copy);
    expect(a?.mirrored).toBe(true);
    expect(a!.originalRange[0]).toBeGreaterThanOrEqual(1.5);
    expect(a!.originalRange[0]).toBeLessThanOrEqual(2.5);
  });

  it('an unrelated clip does not align', async () => {
    const [orig, other] = await Promise.all([
      fingerprintVideo(path.join(dir, 'orig.mp4')),
      fingerprintVideo(path.join(dir, 'other.mp4')),
    ]);
    const a = alignVideo(orig, other);
    expect(a === null || a.matched / a.compared < 0.3).toBe(true);
  });
});
