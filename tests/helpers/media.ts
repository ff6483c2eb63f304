import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** A PNG of random noise (incompressible), so its byte size is about width*height*3. */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();

/** A short test-pattern video or tone made by the bundled ffmpeg, in a temp folder. */
export async function makeMedia(seconds: number, ext: 'mp4' | 'avi' | 'wmv' | 'mp3' | 'wav'): Promise<string> {
  const bin = (await import('@ffmpeg-installer/ffmpeg')).default.path;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-media-'));
  const out = path.join(dir, `clip.${ext}`);
  const audio = ext === 'mp3' || ext === 'wav';
  const input = audio
    ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`]
    : ['-f', 'lavfi', '-i', `testsrc=size=64x48:rate=5:duration=${seconds}`];
  execFileSync(bin, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...input,
    ...(ext === 'mp4' ? ['-pix_fmt', 'yuv420p'] : []),
    out,
  ]);
  return out;
}
