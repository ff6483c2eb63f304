import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../paths.js';
import sharp from 'sharp';
import type { ObjectStore } from '../../storage/index.js';
import { contentTypeOf } from '../../storage/content-type.js';
import { PUBLIC_GROUP, ORIGINAL_GROUP } from '../../storage/groups.js';
import { ffmpegBin, run as runNow } from '../../services/media/binaries.js';
import { CLIPS, PHOTO_DIR, PHOTOS, TEMPLATES, type ClipDesign, type TemplateDesign } from './photos.js';

/** The demo media is background work: at a lower priority than requests and the client build. */
const run = (bin: string, args: string[], signal?: AbortSignal) => runNow(bin, args, signal, { background: true });

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
  // v3: media made from the vendored photographs (server/seed-assets/photos); older folders are not read.
  const inCheckout = path.join(REPO_ROOT, '.cache/seed-media-v3');
  try {
    fs.mkdirSync(inCheckout, { recursive: true });
    fs.accessSync(inCheckout, fs.constants.W_OK);
    return inCheckout;
  } catch {
    return path.join(os.tmpdir(), 'lumen-seed-media-v3');
  }
}
const LATIN_FONT = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'].find((f) => fs.existsSync(f));
/** A CJK font for the templates' Chinese placeholder text (fonts-noto-cjk); without one they say it in Latin. */
const CJK_FONT = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
].find((f) => fs.existsSync(f));

async function cached(name: string, make: (file: string) => Promise<void>): Promise<string> {
  const file = path.join(CACHE, name);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(CACHE, { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}${path.extname(name)}`;
  try {
    await make(tmp);
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return file;
}

/** Diagonal repeated Latin watermark (no CJK font needed inside images). */
function watermarkSvg(w: number, h: number): Buffer {
  const rows: string[] = [];
  for (let y = 0; y < h + 200; y += 140)
    for (let x = -200; x < w; x += 260) rows.push(`<text x="${x}" y="${y}">LUMEN</text>`);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <g transform="rotate(-24 ${w / 2} ${h / 2})" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="44" fill="#fff" fill-opacity="0.35" stroke="#000" stroke-opacity="0.15">${rows.join('')}</g></svg>`);
}

export const CLIP_SIZE = { width: 1280, height: 720 };
const FPS = 25;

type Files = { original: string; preview: string; cover: string };

/** A photo's original is the vendored file itself; the preview is watermarked at 960 px, the cover 480×320. */
async function makeImage(i: number): Promise<Files> {
  const p = PHOTOS[i];
  const stem = p.file.replace(/\.jpg$/, '');
  const original = await cached(`img-${stem}-orig.jpg`, (f) => fs.promises.copyFile(path.join(PHOTO_DIR, p.file), f));
  const preview = await cached(`img-${stem}-prev.jpg`, async (f) => {
    const { data, info } = await sharp(original)
      .resize(960, 960, { fit: 'inside' })
      .toBuffer({ resolveWithObject: true });
    await sharp(data)
      .composite([{ input: watermarkSvg(info.width, info.height) }])
      .jpeg({ quality: 78 })
      .toFile(f);
  });
  const cover = await cached(`img-${stem}-cover.jpg`, (f) =>
    sharp(original)
      .resize(480, 320, { fit: 'cover', position: 'attention' })
      .jpeg({ quality: 75 })
      .toFile(f)
      .then(() => undefined),
  );
  return { original, preview, cover };
}

/**
 * Pan or zoom over one photo for `frames` frames: the photo is filled to 16:9 at twice the
 * output size (smoother motion), then zoompan moves a window over it. Three moves take turns.
 */
function motion(input: number, frames: number, move: number): string {
  const d = frames;
  const centre = `x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)'`;
  const z = [
    `z='1+0.18*on/${d}':${centre}`,
    `z='1.18-0.18*on/${d}':${centre}`,
    `z='1.15':x='(iw-iw/zoom)*on/${d}':y='(ih-ih/zoom)/2'`,
  ][move % 3];
  const W = CLIP_SIZE.width * 2;
  const H = CLIP_SIZE.height * 2;
  return (
    `[${input}:v]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},` +
    `zoompan=${z}:d=${d}:s=${CLIP_SIZE.width}x${CLIP_SIZE.height}:fps=${FPS},setsar=1,format=yuv420p`
  );
}

/**
 * A soft ambient track of `seconds`: low-passed brown noise (wind, surf) under a quiet major
 * chord on a root that differs per design, faded in and out. Inputs start at index `from`.
 */
function ambience(seconds: number, design: number, from: number): { inputs: string[]; filter: string } {
  const roots = [196, 220, 246.94, 261.63, 293.66, 174.61];
  const root = roots[design % roots.length];
  const tones = [root, root * 1.26, root * 1.5];
  const inputs = [
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=c=brown:r=44100:a=0.4:d=${seconds}:s=${design + 1}`,
    ...tones.flatMap((f) => ['-f', 'lavfi', '-i', `sine=f=${f.toFixed(2)}:r=44100:d=${seconds}`]),
  ];
  const fadeOut = Math.max(0, seconds - 2.5);
  const filter =
    `[${from}:a]lowpass=f=500,volume=0.9[n];` +
    tones.map((_, k) => `[${from + 1 + k}:a]volume=${(0.05 - k * 0.01).toFixed(2)}[t${k}]`).join(';') +
    `;[n]${tones.map((_, k) => `[t${k}]`).join('')}amix=inputs=${tones.length + 1},volume=2.5,` +
    `tremolo=f=0.25:d=0.3,afade=t=in:d=2,afade=t=out:st=${fadeOut}:d=2.5,aformat=channel_layouts=stereo[a]`;
  return { inputs, filter };
}

// Capped like a stock site's files: 1280×720 originals at most ~4 Mbit/s, 480p previews 1.5 Mbit/s;
// superfast keeps the whole set at a few CPU minutes on 2 cores (veryfast took a third longer).
const encode = (maxKbps: number, audioKbps: number) => [
  '-c:v',
  'libx264',
  '-preset',
  'superfast',
  '-crf',
  '23',
  '-maxrate',
  `${maxKbps}k`,
  '-bufsize',
  `${maxKbps * 2}k`,
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-b:a',
  `${audioKbps}k`,
  '-movflags',
  '+faststart',
];

/** The watermarked 480p preview and the cover frame of a generated original. */
async function previewAndCover(stem: string, original: string, signal?: AbortSignal): Promise<Files> {
  const bin = await ffmpegBin();
  const mark = [
    'drawbox=x=0:y=ih/2-40:w=iw:h=80:color=black@0.35:t=fill',
    LATIN_FONT
      ? `drawtext=fontfile=${LATIN_FONT}:text='LUMEN PREVIEW':fontcolor=white@0.7:fontsize=40:x=(w-tw)/2:y=(h-th)/2`
      : '',
  ]
    .filter(Boolean)
    .join(',');
  const preview = await cached(`${stem}-prev.mp4`, (f) =>
    run(
      bin,
      ['-v', 'error', '-y', '-i', original, '-vf', `scale=854:480,${mark}`, ...encode(1500, 64), f],
      signal,
    ).then(() => undefined),
  );
  const cover = await cached(`${stem}-cover.jpg`, (f) =>
    run(
      bin,
      ['-v', 'error', '-y', '-ss', '2.5', '-i', original, '-frames:v', '1', '-vf', 'scale=480:270', f],
      signal,
    ).then(() => undefined),
  );
  return { original, preview, cover };
}

/** Pan and zoom over the design's photos, crossfaded (xfade), with the ambient track. */
async function makeClip(i: number, signal?: AbortSignal): Promise<Files> {
  const c: ClipDesign = CLIPS[i];
  const bin = await ffmpegBin();
  const original = await cached(`clip${i}-orig.mp4`, (f) => {
    const n = c.photos.length;
    const fade = 1.5;
    // Each photo's shot overlaps the next by the fade; together they last c.seconds.
    const shot = (c.seconds + (n - 1) * fade) / n;
    const frames = Math.round(shot * FPS);
    const parts = c.photos.map((file, k) => `${motion(k, frames, i + k)}[v${k}]`);
    let last = 'v0';
    for (let k = 1; k < n; k++) {
      const out = k === n - 1 ? 'v' : `x${k}`;
      parts.push(
        `[${last}][v${k}]xfade=transition=fade:duration=${fade}:offset=${(k * (shot - fade)).toFixed(3)}[${out}]`,
      );
      last = out;
    }
    if (n === 1) parts.push('[v0]null[v]');
    const audio = ambience(c.seconds, i, n);
    const args = [
      '-v',
      'error',
      '-y',
      ...c.photos.flatMap((file) => ['-i', path.join(PHOTO_DIR, file)]),
      ...audio.inputs,
      '-filter_complex',
      `${parts.join(';')};${audio.filter}`,
      '-map',
      '[v]',
      '-map',
      '[a]',
      '-t',
      String(c.seconds),
      '-r',
      String(FPS),
      ...encode(4000, 128),
      f,
    ];
    return run(bin, args, signal).then(() => undefined);
  });
  return previewAndCover(`clip${i}`, original, signal);
}

/**
 * A template: a slow zoom over the photo, darkened, with a framed title card whose placeholder
 * heading and line fade in (Chinese with a CJK font, else Latin), and the ambient track.
 */
async function makeTemplate(i: number, signal?: AbortSignal): Promise<Files> {
  const t: TemplateDesign = TEMPLATES[i];
  const bin = await ffmpegBin();
  const font = CJK_FONT ?? LATIN_FONT;
  const texts = CJK_FONT ? [t.heading, t.line] : ['YOUR TITLE HERE', 'subtitle goes here'];
  const original = await cached(`tpl${i}-${CJK_FONT ? 'cjk' : 'latin'}-orig.mp4`, async (f) => {
    // drawtext reads its text from files: no escaping of the placeholder's punctuation.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-tpl-'));
    try {
      const [heading, line] = texts.map((s, k) => {
        const file = path.join(dir, `t${k}.txt`);
        fs.writeFileSync(file, s);
        return file;
      });
      const fadeIn = (from: number) => `alpha='min(1,max(0,(t-${from})/0.8))'`;
      const text = font
        ? `,drawtext=fontfile=${font}:textfile=${heading}:fontsize=76:fontcolor=white:x=(w-tw)/2:y=h*0.40:${fadeIn(1)}` +
          `,drawtext=fontfile=${font}:textfile=${line}:fontsize=34:fontcolor=white@0.9:x=(w-tw)/2:y=h*0.54:${fadeIn(1.8)}`
        : '';
      const card =
        `eq=brightness=-0.06:saturation=1.1` +
        `,drawbox=x=iw*0.14:y=ih*0.3:w=iw*0.72:h=ih*0.4:color=black@0.38:t=fill:enable='gte(t,0.6)'` +
        `,drawbox=x=iw*0.16:y=ih*0.33:w=iw*0.68:h=ih*0.34:color=white@0.85:t=3:enable='gte(t,0.8)'` +
        text;
      const audio = ambience(t.seconds, i + 3, 1);
      await run(
        bin,
        [
          '-v',
          'error',
          '-y',
          '-i',
          path.join(PHOTO_DIR, t.photo),
          ...audio.inputs,
          '-filter_complex',
          `${motion(0, Math.round(t.seconds * FPS), 0)},${card}[v];${audio.filter}`,
          '-map',
          '[v]',
          '-map',
          '[a]',
          '-t',
          String(t.seconds),
          '-r',
          String(FPS),
          ...encode(4000, 128),
          f,
        ],
        signal,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  return previewAndCover(`tpl${i}-${CJK_FONT ? 'cjk' : 'latin'}`, original, signal);
}

async function store(storage: ObjectStore, files: Files, ext: string, format: string): Promise<MediaSet> {
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

export const IMAGE_DESIGNS = PHOTOS.length;
export const CLIP_DESIGNS = CLIPS.length;
export const TEMPLATE_DESIGNS = TEMPLATES.length;
export type MediaKind = 'image' | 'clip' | 'template';

/** Generates (or reuses from cache) one design's original, preview and cover and stores them under fresh keys. */
export async function generateMediaSet(
  storage: ObjectStore,
  kind: MediaKind,
  design: number,
  signal?: AbortSignal,
): Promise<MediaSet> {
  if (kind === 'clip') return store(storage, await makeClip(design, signal), 'mp4', 'MP4');
  if (kind === 'template') return store(storage, await makeTemplate(design, signal), 'mp4', 'MP4');
  return store(storage, await makeImage(design), 'jpg', 'JPG');
}

/**
 * Makes every design's files in the cache without storing them anywhere: the test run does it
 * once at its start (scripts/test-all.mjs), so the API files and the browser pass's server that
 * seed at the same time find them made instead of each running ffmpeg for the same clips.
 */
export async function warmMediaCache(): Promise<void> {
  const work = [
    ...Array.from({ length: IMAGE_DESIGNS }, (_, i) => () => makeImage(i)),
    ...Array.from({ length: TEMPLATE_DESIGNS }, (_, i) => () => makeTemplate(i)),
    ...Array.from({ length: CLIP_DESIGNS }, (_, i) => () => makeClip(i)),
  ];
  // Two at a time: ffmpeg and sharp each keep about one core busy.
  const next = async (): Promise<void> => {
    for (let job = work.shift(); job; job = work.shift()) await job();
  };
  await Promise.all([next(), next()]);
}
