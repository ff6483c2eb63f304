import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../security/media-limits.js';

/**
 * 64-bit difference hash (dHash): the image shrunk to 9x8 grey pixels, one bit per horizontal
 * neighbour pair (left brighter than right). Chosen over pHash/PDQ because it needs only sharp's raw
 * pixels (no DCT), costs well under a millisecond per image and survives rescaling and JPEG
 * recompression with a distance of a few bits, which is what the duplicate check must catch.
 */
export async function dHash(input: Buffer | string): Promise<string> {
  const px = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (px[y * 9 + x] > px[y * 9 + x + 1] ? 1n : 0n);
  }
  return bits.toString(16).padStart(16, '0');
}

export function hamming(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/** The bands are the media rows' index keys (repositories/media.ts); re-exported for this module's callers. */
export { bands } from '../../repositories/media.js';

/** Hamming distance at or under which two works count as near-duplicates (must stay <= 7, see bands). */
export const DUPLICATE_DISTANCE = 6;
