/**
 * MP4 for c2pa-ts. Its BMFF asset handles any ISO BMFF file but only lets HEIF brands in, and when it
 * inserts the manifest box after `ftyp` it patches HEIF item locations (iloc), not a movie's chunk
 * offsets (stco/co64): the media data moves by the box's size and the sample tables must follow, or
 * the copy plays garbage. This subclass opens the brand list to MP4's and shifts those offsets.
 */
import { BMFF } from '@trustnxt/c2pa-ts/asset';

/** Major/compatible brands of MP4 and its close relatives (ISO 14496-12/-14, Apple QuickTime-compatible MP4). */
const MP4_BRANDS = ['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash'];
// The set is a private static of BMFF: read it through a cast rather than fork the library.
const brands = (BMFF as unknown as { canReadBrands: Set<string> }).canReadBrands;
for (const b of MP4_BRANDS) brands.add(b);

interface Span {
  type: string;
  start: number;
  body: number;
  end: number;
}

function* children(buf: Uint8Array, start: number, end: number): Generator<Span> {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  for (let p = start; p + 8 <= end;) {
    let size = view.getUint32(p);
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(p + 8));
      header = 16;
    } else if (size === 0) size = end - p;
    if (size < header || p + size > end) return;
    const type = String.fromCharCode(...buf.subarray(p + 4, p + 8));
    yield { type, start: p, body: p + header, end: p + size };
    p += size;
  }
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

/** Adds `delta` to every chunk offset of every track (stco, co64) under `moov`. */
export function shiftChunkOffsets(buf: Uint8Array, delta: number, start = 0, end = buf.length): void {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  for (const b of children(buf, start, end)) {
    if (CONTAINERS.has(b.type)) shiftChunkOffsets(buf, delta, b.body, b.end);
    else if (b.type === 'stco' || b.type === 'co64') {
      const n = view.getUint32(b.body + 4);
      const wide = b.type === 'co64';
      for (let i = 0; i < n; i++) {
        const at = b.body + 8 + i * (wide ? 8 : 4);
        if (wide) view.setBigUint64(at, view.getBigUint64(at) + BigInt(delta));
        else view.setUint32(at, view.getUint32(at) + delta);
      }
    }
  }
}

export class Mp4Asset extends BMFF {
  static override canRead(buf: Uint8Array): boolean {
    return super.canRead(buf) && [...children(buf, 0, buf.length)].some((b) => b.type === 'moov');
  }

  override async ensureManifestSpace(length: number): Promise<void> {
    const before = this.getDataLength();
    await super.ensureManifestSpace(length);
    // The manifest box sits right after ftyp (removing any earlier one), before moov and mdat: every chunk moves by the difference.
    const delta = this.getDataLength() - before;
    if (delta) shiftChunkOffsets(this.data, delta);
  }
}
