/**
 * Removes uniform borders (letterbox bars, padding) before hashing: PDQ, like every global
 * perceptual hash, moves far when an image is padded, and the monitor must still match padded or
 * letterboxed copies. Applied to originals and candidates alike, so it is neutral when there is
 * nothing to trim. A line counts as border when nearly all of it stays within TOLERANCE grey levels of its mean.
 */
const TOLERANCE = 10;
/** How close to black (0) or white (255) a border line's mean must be. */
const EXTREME = 28;
/** Share of a line that may stray (JPEG ringing next to the content, a stray logo pixel). */
const OUTLIERS = 0.03;
/** Never trim more than this share of a side: a mostly flat image keeps its shape. */
const MAX_TRIM = 0.4;

/** A line is border when nearly all its pixels lie within TOLERANCE of the line's mean. */
function flat(values: (i: number) => number, n: number): boolean {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values(i);
  const mean = sum / n;
  // Only near-black or near-white lines: padding and letterbox bars are, while a flat sky or wall
  // at the edge of a photo would be trimmed in one copy and not in another.
  if (mean > EXTREME && mean < 255 - EXTREME) return false;
  let off = 0;
  const allowed = n * OUTLIERS;
  for (let i = 0; i < n; i++) if (Math.abs(values(i) - mean) > TOLERANCE && ++off > allowed) return false;
  return true;
}

export function trimUniformBorders(
  luma: Float32Array,
  width: number,
  height: number,
): { luma: Float32Array; width: number; height: number } {
  // Each line is judged on its own pixels only, so the trim of a mirrored image is the mirror of the trim.
  let top = 0,
    bottom = height,
    left = 0,
    right = width;
  const maxY = Math.floor(height * MAX_TRIM),
    maxX = Math.floor(width * MAX_TRIM);
  const row = (y: number) => (x: number) => luma[y * width + x];
  while (top < maxY && flat(row(top), width)) top++;
  while (height - bottom < maxY && flat(row(bottom - 1), width)) bottom--;
  const col = (x: number) => (y: number) => luma[(top + y) * width + x];
  while (left < maxX && flat(col(left), bottom - top)) left++;
  while (width - right < maxX && flat(col(right - 1), bottom - top)) right--;
  if (top === 0 && left === 0 && bottom === height && right === width) return { luma, width, height };
  const w = right - left,
    h = bottom - top;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) out.set(luma.subarray((y + top) * width + left, (y + top) * width + right), y * w);
  return { luma: out, width: w, height: h };
}
