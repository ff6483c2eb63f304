import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../paths.js';
import sharp from 'sharp';
import type { ObjectStore } from '../../storage/index.js';
import { contentTypeOf } from '../../storage/content-type.js';
import { PUBLIC_GROUP, ORIGINAL_GROUP } from '../../storage/groups.js';

const runFile = promisify(execFile);

export interface MediaSet {
  cover: string;
  preview: string;
  original: string;
  width: number;
  height: number;
  sizeBytes: number;
  sha256: string;
  format: string;
}

// Generated files are kept in a cache folder between runs (tests seed many fresh databases);
// every seed still copies them under its own server-generated storage keys. The folder is the
// checkout's own .cache (a test reads nothing outside the repository; a fresh clone makes them
// once), or the system's temporary folder where the checkout is read-only.
const CACHE = process.env.SEED_MEDIA_CACHE ?? cacheFolder();

function cacheFolder(): string {
  // v2: clips with capped bitrates (makeClip); a folder of the old files is not read.
  const inCheckout = path.join(REPO_ROOT, '.cache/seed-media-v2');
  try {
    fs.mkdirSync(inCheckout, { recursive: true });
    fs.accessSync(inCheckout, fs.constants.W_OK);
    return inCheckout;
  } catch {
    return path.join(os.tmpdir(), 'lumen-seed-media-v2');
  }
}
const FONT = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'].find((f) => fs.existsSync(f));

async function cached(name: string, make: (file: string) => Promise<void>): Promise<string> {
  const file = path.join(CACHE, name);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(CACHE, { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}${path.extname(name)}`;
  await make(tmp);
  fs.renameSync(tmp, file);
  return file;
}

const PALETTES = [
  ['#0f2027', '#2c5364', '#f9d423'],
  ['#ff512f', '#dd2476', '#ffe259'],
  ['#1d976c', '#93f9b9', '#0b486b'],
  ['#141e30', '#243b55', '#e0eafc'],
  ['#ee9ca7', '#ffdde1', '#7f00ff'],
  ['#f7971e', '#ffd200', '#8e0e00'],
  ['#00c6ff', '#0072ff', '#ffffff'],
  ['#3a1c71', '#d76d77', '#ffaf7b'],
  ['#134e5e', '#71b280', '#f0f2f0'],
  ['#c31432', '#240b36', '#f5af19'],
  ['#2193b0', '#6dd5ed', '#fefefe'],
  ['#4b6cb7', '#182848', '#ff9966'],
  ['#e96443', '#904e95', '#f2fcfe'],
  ['#56ab2f', '#a8e063', '#2f4353'],
  ['#614385', '#516395', '#f7ff00'],
  ['#aa4b6b', '#6b6b83', '#3b8d99'],
];

/** A landscape-like vector scene: gradient sky, sun, two ridges; distinct per palette index. */
function sceneSvg(i: number, w: number, h: number): string {
  const [a, b, accent] = PALETTES[i % PALETTES.length];
  const sunX = Math.round(w * (0.2 + ((i * 37) % 60) / 100));
  const ridge = (y: number, amp: number, seed: number) => {
    const pts: string[] = [];
    for (let k = 0; k <= 12; k++)
      pts.push(`${Math.round((w * k) / 12)},${Math.round(h * y + Math.sin(k * 1.3 + seed + i) * amp * h)}`);
    return `M0,${h} L${pts.join(' L')} L${w},${h} Z`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${sunX}" cy="${Math.round(h * 0.32)}" r="${Math.round(h * 0.11)}" fill="${accent}" opacity="0.85"/>
  <path d="${ridge(0.62, 0.06, 1)}" fill="${b}" opacity="0.55"/>
  <path d="${ridge(0.78, 0.04, 4)}" fill="#000" opacity="0.35"/></svg>`;
}

/** Diagonal repeated Latin watermark (no CJK font needed inside images). */
function watermarkSvg(w: number, h: number): Buffer {
  const rows: string[] = [];
  for (let y = 0; y < h + 200; y += 140)
    for (let x = -200; x < w; x += 260) rows.push(`<text x="${x}" y="${y}">LUMEN</text>`);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <g transform="rotate(-24 ${w / 2} ${h / 2})" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="44" fill="#fff" fill-opacity="0.35" stroke="#000" stroke-opacity="0.15">${rows.join('')}</g></svg>`);
}

export const IMAGE_SIZE = { width: 1920, height: 1280 };
export const CLIP_SIZE = { width: 1280, height: 720 };

async function makeImage(i: number): Promise<{ original: string; preview: string; cover: string }> {
  const original = await cached(`img${i}-orig.jpg`, (f) =>
    sharp(Buffer.from(sceneSvg(i, IMAGE_SIZE.width, IMAGE_SIZE.height)))
      .jpeg({ quality: 88 })
      .toFile(f)
      .then(() => undefined),
  );
  const preview = await cached(`img${i}-prev.jpg`, (f) =>
    sharp(original)
      .resize(960, 640)
      .composite([{ input: watermarkSvg(960, 640) }])
      .jpeg({ quality: 78 })
      .toFile(f)
      .then(() => undefined),
  );
  const cover = await cached(`img${i}-cover.jpg`, (f) =>
    sharp(original)
      .resize(480, 320)
      .jpeg({ quality: 75 })
      .toFile(f)
      .then(() => undefined),
  );
  return { original, preview, cover };
}

/** lavfi sources for the demo clips; SIZE is replaced by the output size. */
const CLIP_SOURCES = [
  'testsrc2=s=SIZE:r=25',
  'mandelbrot=s=SIZE:r=25',
  'life=s=SIZE:r=25:mold=10:ratio=0.1:death_color=#1a2a6c:life_color=#fdbb2d',
  'cellauto=s=SIZE:r=25:rule=110',
  'smptehdbars=s=SIZE:r=25,hue=H=2*PI*t/4',
  'mandelbrot=s=SIZE:r=25:start_scale=0.3:end_scale=0.001:maxiter=200',
  'rgbtestsrc=s=SIZE:r=25,hue=H=PI*t',
  'life=s=SIZE:r=25:mold=4:ratio=0.3:death_color=#0b3d2e:life_color=#93f9b9',
  'cellauto=s=SIZE:r=25:rule=30,hue=H=PI*t/2',
  'testsrc=s=SIZE:r=25',
];
export const CLIP_SECONDS = 4;

async function ffmpegPath(): Promise<string> {
  return (await import('@ffmpeg-installer/ffmpeg')).default.path;
}

async function makeClip(
  i: number,
  signal?: AbortSignal,
): Promise<{ original: string; preview: string; cover: string }> {
  const bin = await ffmpegPath();
  // The signal kills ffmpeg when the job is aborted (shutdown, timeout, cancel).
  const run = (b: string, args: string[]) => runFile(b, args, { signal });
  // Capped like a stock site's files (the noise-like sources would otherwise come out at 27-43
  // Mbit/s: a 13 MB four-second preview that every page with a player decodes).
  const enc = (maxKbps: number) => [
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '28',
    '-maxrate',
    `${maxKbps}k`,
    '-bufsize',
    `${maxKbps * 2}k`,
    '-pix_fmt',
    'yuv420p',
    '-an',
    '-movflags',
    '+faststart',
  ];
  const src = (size: string) => [
    '-f',
    'lavfi',
    '-i',
    CLIP_SOURCES[i % CLIP_SOURCES.length].replace('SIZE', size),
    '-t',
    String(CLIP_SECONDS),
  ];
  const original = await cached(`clip${i}-orig.mp4`, (f) =>
    run(bin, ['-v', 'error', '-y', ...src(`${CLIP_SIZE.width}x${CLIP_SIZE.height}`), ...enc(8000), f]).then(
      () => undefined,
    ),
  );
  // Preview: 480p with a drawn watermark box and, when a font exists, Latin text.
  const mark = [
    'drawbox=x=0:y=ih/2-40:w=iw:h=80:color=black@0.35:t=fill',
    FONT ? `drawtext=fontfile=${FONT}:text='LUMEN PREVIEW':fontcolor=white@0.7:fontsize=40:x=(w-tw)/2:y=(h-th)/2` : '',
  ]
    .filter(Boolean)
    .join(',');
  const preview = await cached(`clip${i}-prev.mp4`, (f) =>
    run(bin, ['-v', 'error', '-y', '-i', original, '-vf', `scale=854:480,${mark}`, ...enc(1500), f]).then(
      () => undefined,
    ),
  );
  const cover = await cached(`clip${i}-cover.jpg`, (f) =>
    run(bin, ['-v', 'error', '-y', '-ss', '1.5', '-i', original, '-frames:v', '1', '-vf', 'scale=480:270', f]).then(
      () => undefined,
    ),
  );
  return { original, preview, cover };
}

async function store(
  storage: ObjectStore,
  files: { original: string; preview: string; cover: string },
  ext: string,
  format: string,
): Promise<MediaSet> {
  const orig = await fs.promises.readFile(files.original);
  const meta = ext === 'mp4' ? CLIP_SIZE : await sharp(orig).metadata();
  const sha256 = crypto.createHash('sha256').update(orig).digest('hex');
  const put = async (group: string, file: string, e: string) =>
    storage.put(storage.newKey(group, e), await fs.promises.readFile(file), { contentType: contentTypeOf(file) });
  return {
    original: await storage.put(storage.newKey(ORIGINAL_GROUP, ext), orig, {
      contentType: contentTypeOf(files.original),
      sha256,
    }),
    preview: await put(PUBLIC_GROUP, files.preview, ext),
    cover: await put(PUBLIC_GROUP, files.cover, 'jpg'),
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    sizeBytes: orig.length,
    sha256,
    format,
  };
}

export const IMAGE_DESIGNS = 16;
export const CLIP_DESIGNS = CLIP_SOURCES.length;
export type MediaKind = 'image' | 'clip';

/** Generates (or reuses from cache) one design's original, preview and cover and stores them under fresh keys. */
export async function generateMediaSet(
  storage: ObjectStore,
  kind: MediaKind,
  design: number,
  signal?: AbortSignal,
): Promise<MediaSet> {
  return kind === 'clip'
    ? store(storage, await makeClip(design, signal), 'mp4', 'MP4')
    : store(storage, await makeImage(design), 'jpg', 'JPG');
}

/**
 * Makes every design's files in the cache without storing them anywhere: the test run does it
 * once at its start (scripts/test-all.mjs), so the API files and the browser pass's server that
 * seed at the same time find them made instead of each running ffmpeg for the same clips.
 */
export async function warmMediaCache(): Promise<void> {
  const work = [
    ...Array.from({ length: IMAGE_DESIGNS }, (_, i) => () => makeImage(i)),
    ...Array.from({ length: CLIP_DESIGNS }, (_, i) => () => makeClip(i)),
  ];
  // Two at a time: ffmpeg and sharp each keep about one core busy.
  const next = async (): Promise<void> => {
    for (let job = work.shift(); job; job = work.shift()) await job();
  };
  await Promise.all([next(), next()]);
}
