import sharp from 'sharp';

/**
 * The classic 64-bit hashes the benchmark compares PDQ with, computed the textbook way.
 * pHash: 32x32 grey, 2-D DCT, the 8x8 lowest frequencies without DC, bit = above their median.
 * dHash: 9x8 grey, bit = left neighbour brighter (same as the media pipeline's duplicate check).
 */
const N = 32;
const COS = (() => {
  const m = new Float64Array(8 * N);
  for (let u = 0; u < 8; u++)
    for (let x = 0; x < N; x++) m[u * N + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N));
  return m;
})();

function bitsHex(bits: boolean[]): string {
  let hex = '';
  for (let i = 0; i < bits.length; i += 4)
    hex += ((+bits[i] << 3) | (+bits[i + 1] << 2) | (+bits[i + 2] << 1) | +bits[i + 3]).toString(16);
  return hex;
}

export async function pHash(input: Buffer): Promise<string> {
  const px = await sharp(input, { failOn: 'none' }).rotate().greyscale().resize(N, N, { fit: 'fill' }).raw().toBuffer();
  const coeffs: number[] = [];
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let s = 0;
      for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) s += COS[u * N + y] * COS[v * N + x] * px[y * N + x];
      coeffs.push(s);
    }
  }
  const ac = coeffs.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)];
  return bitsHex(coeffs.map((c) => c > median));
}

export async function dHash64(input: Buffer): Promise<string> {
  const px = await sharp(input, { failOn: 'none' }).rotate().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits.push(px[y * 9 + x] > px[y * 9 + x + 1]);
  return bitsHex(bits);
}
