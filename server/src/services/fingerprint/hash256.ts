import { BAND_COUNT, bandKeys } from '../../repositories/monitor-fingerprints.js';
/** Helpers for 256-bit hashes held as 64 hex digits: distance, bands for the multi-index. */

const POP8 = Uint8Array.from({ length: 256 }, (_, i) => {
  let n = 0;
  for (let x = i; x; x >>= 1) n += x & 1;
  return n;
});

/** Hamming distance of two equal-length hex strings (any length: 64-bit dHash or 256-bit PDQ). */
export function hammingHex(a: string, b: string): number {
  if (a.length !== b.length) throw new Error('hamming: lengths differ');
  let d = 0;
  for (let i = 0; i < a.length; i += 2) d += POP8[parseInt(a.slice(i, i + 2), 16) ^ parseInt(b.slice(i, i + 2), 16)];
  return d;
}

/** Bytes of a hex hash, for the tight loops of in-memory scans. */
export function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function hammingBytes(a: Uint8Array, b: Uint8Array, offsetB = 0): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += POP8[a[i] ^ b[offsetB + i]];
  return d;
}

/** The band keys are the index's columns (repositories/monitor-fingerprints.ts); re-exported for this module's callers. */
export { BAND_COUNT, bandKeys };

/** The keys a query probes: each band's value and every value one bit away (16 x 17 = 272). */
export function probeKeys(hex: string): number[] {
  const keys: number[] = [];
  for (const k of bandKeys(hex)) {
    keys.push(k);
    for (let bit = 0; bit < 16; bit++) keys.push(k ^ (1 << bit));
  }
  return keys;
}
