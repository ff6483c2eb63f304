import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, MSG_IMAGE_TOO_MANY_PIXELS } from '../../security/media-limits.js';
import { watermarkSvg } from './watermark.js';

export interface ImageDerivatives {
  width: number;
  height: number;
  format: string;
  thumb: Buffer;
  preview: Buffer;
}

/**
 * Thumbnail and watermarked preview of an image. rotate() applies the EXIF orientation, so the
 * recorded dimensions are the displayed ones (orientation 6: width and height swap); output is
 * converted to sRGB and carries no metadata (no GPS or camera data of the creator leaks).
 */
export async function imageDerivatives(original: Buffer): Promise<ImageDerivatives> {
  // metadata() reads the header only (no limit here, so a too-large picture gets its own message).
  const meta = await sharp(original, { limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height) throw new Error('无法识别的图片文件');
  // Header only so far: refuse a picture too large to decode before anything allocates it.
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new Error(MSG_IMAGE_TOO_MANY_PIXELS);
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  const base = () => sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().toColourspace('srgb');
  const pw = Math.min(960, width);
  const ph = Math.round((pw * height) / width);
  const preview = await base()
    .resize(pw, ph)
    .composite([{ input: watermarkSvg(pw, ph) }])
    .jpeg({ quality: 78 })
    .toBuffer();
  const thumb = await base().resize(480, 320, { fit: 'cover' }).jpeg({ quality: 75 }).toBuffer();
  return {
    width,
    height,
    format: String(meta.format ?? '')
      .toUpperCase()
      .replace('JPEG', 'JPG'),
    thumb,
    preview,
  };
}
