/**
 * Removes uniform borders (letterbox bars, padding) before hashing: PDQ, like every global
 * perceptual hash, moves far when an image is padded, and the monitor must still match padded or
 * letterboxed copies. Applied to originals and candidates alike, so it is neutral when there is
 * nothing to trim. A line counts as border when its spread stays under TOLERANCE grey levels.
 */
const TOLERANCE = 6;
/** Never trim more than this share of a side: a mostly flat image keeps its shape. */
const MAX_TRIM = 0.4;

function rowFlat(l: Float32Array, w: number, y: number, x0: number, x1: number, ref: number): boolean {
  for (let x = x0; x < x1; x++) if (Math.abs(l[y * w + x] - ref) > TOLERANCE) return false;
  return true;
}

function colFlat(l: Float32Array, w: number, x: number, y0: number, y1: number, ref: number): boolean {
  for (let y = y0; y < y1; y++) if (Math.abs(l[y * w + x] - ref) > TOLERANCE) return false;
  return true;
}

export function trimUniformBorders(luma: Float32Array, width: number, height: number): { luma: Float32Array; width: number; height: number } {
  // The border colour is the top-left pixel's (padding is one colour); a border must start there or at another corner.
  let top = 0, bottom = height, left = 0, right = width;
  const maxY = Math.floor(height * MAX_TRIM), maxX = Math.floor(width * MAX_TRIM);
  const ref = (x: number, y: number) => luma[y * width + x];
  const cTop = ref(0, 0), cBottom = ref(width - 1, height - 1);
  while (top < maxY && rowFlat(luma, width, top, 0, width, cTop)) top++;
  while (height - bottom < maxY && rowFlat(luma, width, bottom - 1, 0, width, cBottom)) bottom--;
  while (left < maxX && colFlat(luma, width, left, top, bottom, cTop)) left++;
  while (width - right < maxX && colFlat(luma, width, right - 1, top, bottom, cBottom)) right--;
  if (top === 0 && left === 0 && bottom === height && right === width) return { luma, width, height };
  const w = right - left, h = bottom - top;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) out.set(luma.subarray((y + top) * width + left, (y + top) * width + right), y * w);
  return { luma: out, width: w, height: h };
}
