import sharp from 'sharp';
import { lumaFromPixels, pdqFromLuma, type PdqResult } from './pdq.js';
import { trimUniformBorders } from './borders.js';

/**
 * Decoding for PDQ: sharp gives raw pixels (EXIF orientation applied). Images larger than 512 px
 * are first shrunk to fit 512 (as the reference photo hasher's downsampling option does): the hash
 * only keeps 64x64 worth of detail and the box filter on a 24-megapixel photo would cost ~0.5 s.
 */
const MAX_SIDE = 512;

export interface ImageFingerprint extends PdqResult {
  /** PDQ of the left-right mirror image, so mirrored copies match too. */
  mirrorHash: string;
  width: number;
  height: number;
}

export async function lumaOfImage(
  input: Buffer,
): Promise<{ luma: Float32Array; width: number; height: number; srcWidth: number; srcHeight: number }> {
  const img = sharp(input, { failOn: 'none', limitInputPixels: 100_000_000 }).rotate();
  const meta = await img.metadata();
  const { data, info } = await img
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    luma: lumaFromPixels(data, info.width, info.height, info.channels),
    width: info.width,
    height: info.height,
    srcWidth: meta.autoOrient?.width ?? meta.width ?? info.width,
    srcHeight: meta.autoOrient?.height ?? meta.height ?? info.height,
  };
}

export function mirrorLuma(luma: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(luma.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = luma[y * width + width - 1 - x];
  return out;
}

/**
 * Resamples the (trimmed) luminance to a fixed 256x256 with a proper filter: PDQ's box filter
 * barely smooths images under 256 px, so a thumbnail and its original would otherwise alias apart.
 */
const NORMAL_SIDE = 256;
async function normalise(img: { luma: Float32Array; width: number; height: number }) {
  const bytes = Buffer.alloc(img.luma.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.max(0, Math.min(255, Math.round(img.luma[i])));
  const out = await sharp(bytes, { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(NORMAL_SIDE, NORMAL_SIDE, { fit: 'fill', kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { luma: Float32Array.from(out), width: NORMAL_SIDE, height: NORMAL_SIDE };
}

/**
 * Monitoring fingerprint of an encoded image (JPEG, PNG, WebP, GIF, ...): PDQ after uniform
 * borders are trimmed, its quality and the mirror image's hash. `referencePdq` is the plain PDQ.
 */
export async function fingerprintImage(input: Buffer): Promise<ImageFingerprint> {
  const src = await lumaOfImage(input);
  const { luma, width, height } = await normalise(trimUniformBorders(src.luma, src.width, src.height));
  const { srcWidth, srcHeight } = src;
  const mirrored = mirrorLuma(luma, width, height);
  const main = pdqFromLuma(luma, width, height);
  return { ...main, mirrorHash: pdqFromLuma(mirrored, width, height).hash, width: srcWidth, height: srcHeight };
}

/** The plain PDQ of an image, exactly as the reference computes it (no border trimming). */
export async function referencePdq(input: Buffer): Promise<PdqResult> {
  const { luma, width, height } = await lumaOfImage(input);
  return pdqFromLuma(luma, width, height);
}
