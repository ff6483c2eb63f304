import fs from 'node:fs';

/**
 * Loads a CJK font for pdf-lib. Debian's fonts-noto-cjk ships TrueType Collections (.ttc), which
 * pdf-lib cannot embed directly, so the Simplified Chinese face is copied out of the collection
 * into a standalone OpenType font (same tables, new offsets). Cached after the first call.
 */
const CANDIDATES = [
  process.env.PDF_CJK_FONT,
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc',
].filter((x): x is string => !!x);

let cached: Uint8Array | null = null;

/** Copies face `index` of a TTC into a standalone font file. */
export function extractFace(buf: Buffer, index: number): Buffer {
  if (buf.toString('latin1', 0, 4) !== 'ttcf') return buf;
  const count = buf.readUInt32BE(8);
  if (index >= count) throw new Error('font face index out of range');
  const off = buf.readUInt32BE(12 + 4 * index);
  const numTables = buf.readUInt16BE(off + 4);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const p = off + 12 + 16 * i;
    return { record: p, offset: buf.readUInt32BE(p + 8), length: buf.readUInt32BE(p + 12) };
  });
  let size = 12 + 16 * numTables;
  const starts = tables.map((t) => {
    const s = size;
    size += (t.length + 3) & ~3; // tables are 4-byte aligned
    return s;
  });
  const out = Buffer.alloc(size);
  buf.copy(out, 0, off, off + 12);
  tables.forEach((t, i) => {
    const p = 12 + 16 * i;
    buf.copy(out, p, t.record, t.record + 8); // tag + checksum
    out.writeUInt32BE(starts[i], p + 8);
    out.writeUInt32BE(t.length, p + 12);
    buf.copy(out, starts[i], t.offset, t.offset + t.length);
  });
  return out;
}

/** Noto CJK collections list JP, KR, SC, TC, HK: face 2 is Simplified Chinese. */
const SC_FACE = 2;

export function loadCjkFont(): Uint8Array {
  if (cached) return cached;
  const file = CANDIDATES.find((f) => fs.existsSync(f));
  if (!file) throw new Error('no CJK font found: install fonts-noto-cjk or set PDF_CJK_FONT');
  const buf = fs.readFileSync(file);
  cached = new Uint8Array(extractFace(buf, buf.toString('latin1', 0, 4) === 'ttcf' ? SC_FACE : 0));
  return cached;
}
