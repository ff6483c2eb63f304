import path from 'node:path';
import { ffmpegBin, INPUT_GUARD, run } from './binaries.js';
import { CJK_FONT, WATERMARK_TEXT } from './watermark.js';
import type { VideoMeta } from './probe.js';

export const PREVIEW_WIDTH = 640;
export const STRIP = { columns: 10, rows: 1, tileWidth: 160 } as const;

export interface StripLayout {
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  /** Source time (seconds) of each tile, left to right, top to bottom. */
  times: number[];
}

/** Watermarked 640px H.264 proxy with faststart (plays while it downloads). */
export async function makePreview(src: string, dir: string, signal?: AbortSignal): Promise<string> {
  const out = path.join(dir, 'preview.mp4');
  const mark = CJK_FONT
    ? `,drawtext=fontfile=${CJK_FONT}:text='${WATERMARK_TEXT}':fontcolor=white@0.55:borderw=2:bordercolor=black@0.3:fontsize=h/8:x=(w-tw)/2:y=(h-th)/2`
    : ',drawbox=x=0:y=ih/2-20:w=iw:h=40:color=white@0.35:t=fill';
  await run(
    await ffmpegBin(),
    [
      '-v',
      'error',
      '-y',
      ...INPUT_GUARD,
      '-i',
      src,
      '-vf',
      `scale=${PREVIEW_WIDTH}:-2${mark}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-an',
      '-movflags',
      '+faststart',
      out,
    ],
    signal,
  );
  return out;
}

/** Poster frame (JPEG) a third of the way in, where test cards and fades are usually over. */
export async function makePoster(src: string, dir: string, meta: VideoMeta, signal?: AbortSignal): Promise<string> {
  const out = path.join(dir, 'poster.jpg');
  await run(
    await ffmpegBin(),
    [
      '-v',
      'error',
      '-y',
      '-ss',
      String(meta.durationSec / 3),
      ...INPUT_GUARD,
      '-i',
      src,
      '-frames:v',
      '1',
      '-vf',
      `scale=${PREVIEW_WIDTH}:-2`,
      '-q:v',
      '4',
      out,
    ],
    signal,
  );
  return out;
}

/** Keyframe storyboard: 10 evenly spaced frames side by side, and the time of each tile. */
export async function makeStrip(
  src: string,
  dir: string,
  meta: VideoMeta,
  signal?: AbortSignal,
): Promise<{ file: string; layout: StripLayout }> {
  const out = path.join(dir, 'strip.jpg');
  const n = STRIP.columns * STRIP.rows;
  const step = meta.durationSec / n;
  const tileHeight = Math.max(2, Math.round((STRIP.tileWidth * meta.height) / meta.width / 2) * 2);
  // fps=n/duration samples one frame per step; tile joins them into one sprite.
  await run(
    await ffmpegBin(),
    [
      '-v',
      'error',
      '-y',
      ...INPUT_GUARD,
      '-i',
      src,
      '-vf',
      `fps=${n}/${meta.durationSec},scale=${STRIP.tileWidth}:${tileHeight},tile=${STRIP.columns}x${STRIP.rows}`,
      '-frames:v',
      '1',
      '-q:v',
      '5',
      out,
    ],
    signal,
  );
  const times = Array.from({ length: n }, (_, i) => Math.round(step * (i + 0.5) * 100) / 100);
  return {
    file: out,
    layout: { columns: STRIP.columns, rows: STRIP.rows, tileWidth: STRIP.tileWidth, tileHeight, times },
  };
}
