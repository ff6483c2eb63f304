/**
 * server/src/services/fingerprint: perceptual fingerprints of images and video for copyright
 * monitoring (PDQ, plus the pHash/dHash baselines the benchmark compares it with). Pure maths over
 * pixels lives here; decoding (sharp, ffmpeg) lives in image.ts and video.ts. No SQL here.
 *
 * This file is a TypeScript port of Meta's PDQ algorithm (hashing.pdf in facebook/ThreatExchange):
 * luminance -> two passes of a Jarosz box filter sized for 64x64 -> decimate to 64x64 -> the 16x16
 * lowest non-DC DCT coefficients -> one bit per coefficient above their median. Quality is the
 * mean absolute gradient of the 64x64 image, as in the reference, so flat images can be discarded.
 */

export const PDQ_BITS = 256;
/** Meta's recommended match threshold: Hamming distance <= 31 of 256 bits. */
export const PDQ_MATCH_DISTANCE = 31;
/** Hashes of images with quality under 50 are too flat to be trusted (Meta's guidance for photos). */
export const PDQ_MIN_QUALITY = 50;
/**
 * The gate the monitor applies: lower than Meta's, because illustrations and gradient artwork
 * (much of a stock catalogue, and all of the demo catalogue) score 30-50 while still hashing
 * stably; bench/match.ts measures the false matches this lets through (none among its distractors).
 */
export const MONITOR_MIN_QUALITY = 30;

export interface PdqResult {
  /** 64 hex digits, most significant 16-bit word first (the reference's text format). */
  hash: string;
  /** 0-100. */
  quality: number;
}

const LUMA = [0.299, 0.587, 0.114] as const;

/** Rec.601 luminance of interleaved 8-bit pixels (1-4 channels; alpha is ignored). */
export function lumaFromPixels(data: Uint8Array, width: number, height: number, channels: number): Float32Array {
  const out = new Float32Array(width * height);
  if (channels < 3) {
    for (let i = 0; i < out.length; i++) out[i] = data[i * channels];
    return out;
  }
  for (let i = 0; i < out.length; i++) {
    const o = i * channels;
    out[i] = LUMA[0] * data[o] + LUMA[1] * data[o + 1] + LUMA[2] * data[o + 2];
  }
  return out;
}

/** Window of the box filter that makes a dimension of `oldDim` ready for decimation to `newDim`. */
function jaroszWindow(oldDim: number, newDim: number): number {
  return Math.floor((oldDim + 2 * newDim - 1) / (2 * newDim));
}

/**
 * One-dimensional running-mean filter with a window centred on each sample; near the edges the
 * window shrinks instead of padding, which is what keeps borders from darkening the hash.
 */
function box1D(
  input: Float32Array,
  output: Float32Array,
  start: number,
  length: number,
  stride: number,
  window: number,
): void {
  const half = Math.floor((window + 2) / 2);
  const phase1 = half - 1;
  const phase2 = window - half + 1;
  const phase3 = length - window;
  const phase4 = half - 1;
  let li = start,
    ri = start,
    oi = start,
    sum = 0,
    size = 0;
  for (let i = 0; i < phase1; i++) {
    sum += input[ri];
    size++;
    ri += stride;
  }
  for (let i = 0; i < phase2; i++) {
    sum += input[ri];
    size++;
    output[oi] = sum / size;
    ri += stride;
    oi += stride;
  }
  for (let i = 0; i < phase3; i++) {
    sum += input[ri] - input[li];
    output[oi] = sum / size;
    li += stride;
    ri += stride;
    oi += stride;
  }
  for (let i = 0; i < phase4; i++) {
    sum -= input[li];
    size--;
    output[oi] = sum / size;
    li += stride;
    oi += stride;
  }
}

/** Two passes of rows-then-columns box filtering, in place (a cheap approximation of a tent filter). */
function jaroszFilter(buf: Float32Array, width: number, height: number): void {
  const wRow = jaroszWindow(width, 64);
  const wCol = jaroszWindow(height, 64);
  const tmp = new Float32Array(buf.length);
  for (let pass = 0; pass < 2; pass++) {
    // A window wider than the line would make the phases negative: clamp to the line length.
    for (let y = 0; y < height; y++) box1D(buf, tmp, y * width, width, 1, Math.min(wRow, width));
    for (let x = 0; x < width; x++) box1D(tmp, buf, x, height, width, Math.min(wCol, height));
  }
}

function decimate64(buf: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(64 * 64);
  for (let i = 0; i < 64; i++) {
    const y = Math.floor(((i + 0.5) * height) / 64);
    for (let j = 0; j < 64; j++) {
      const x = Math.floor(((j + 0.5) * width) / 64);
      out[i * 64 + j] = buf[y * width + x];
    }
  }
  return out;
}

function quality64(a: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < 63; i++)
    for (let j = 0; j < 64; j++) sum += Math.abs(Math.trunc(((a[i * 64 + j] - a[(i + 1) * 64 + j]) * 100) / 255));
  for (let i = 0; i < 64; i++)
    for (let j = 0; j < 63; j++) sum += Math.abs(Math.trunc(((a[i * 64 + j] - a[i * 64 + j + 1]) * 100) / 255));
  return Math.min(100, Math.floor(sum / 90));
}

/** 16x64 DCT-II basis without the DC row: row i is frequency i+1. */
const DCT = (() => {
  const m = new Float64Array(16 * 64);
  const scale = Math.sqrt(2 / 64);
  for (let i = 0; i < 16; i++)
    for (let j = 0; j < 64; j++) m[i * 64 + j] = scale * Math.cos((Math.PI / 2 / 64) * (i + 1) * (2 * j + 1));
  return m;
})();

/** D * A * D^T: the 16x16 low-frequency block of the 64x64 image's DCT. */
function dct16(a: Float32Array): Float64Array {
  const t = new Float64Array(16 * 64);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 64; j++) {
      let s = 0;
      for (let k = 0; k < 64; k++) s += DCT[i * 64 + k] * a[k * 64 + j];
      t[i * 64 + j] = s;
    }
  }
  const b = new Float64Array(256);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 16; j++) {
      let s = 0;
      for (let k = 0; k < 64; k++) s += t[i * 64 + k] * DCT[j * 64 + k];
      b[i * 16 + j] = s;
    }
  }
  return b;
}

/** The bits of a 16x16 coefficient block as the reference's hex text (word 15 first). */
function bitsToHex(coeffs: Float64Array): string {
  const median = Float64Array.from(coeffs).sort()[127];
  const words = new Uint16Array(16);
  for (let k = 0; k < 256; k++) if (coeffs[k] > median) words[k >> 4] |= 1 << (k & 15);
  let hex = '';
  for (let w = 15; w >= 0; w--) hex += words[w].toString(16).padStart(4, '0');
  return hex;
}

/** PDQ of a luminance image (row-major, any size >= 1x1). The buffer is filtered in place. */
export function pdqFromLuma(luma: Float32Array, width: number, height: number): PdqResult {
  if (width < 1 || height < 1 || luma.length !== width * height) throw new Error('pdq: bad image dimensions');
  jaroszFilter(luma, width, height);
  const small = decimate64(luma, width, height);
  return { hash: bitsToHex(dct16(small)), quality: quality64(small) };
}
