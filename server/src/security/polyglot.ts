/**
 * Polyglot detection for uploaded images: a JPEG or PNG must be only that. Bytes after the end
 * marker (a ZIP, an HTML page appended to a photo) or markup inside metadata segments (an HTML
 * or script comment a browser might sniff) make the file something else as well, and are refused.
 */
export const MSG_POLYGLOT =
  '图片文件不是标准的JPG/PNG（含有附加的压缩包、网页代码等内容或文件不完整），请导出为标准图片后重新上传';

const MARKUP = /<\s*(?:html|script|body|head|iframe|svg|object|embed|form|meta|img|a\s|\?php|!doctype)/i;
const hasMarkup = (b: Buffer) => MARKUP.test(b.toString('latin1'));
/** Padding some encoders leave after the end marker: zeros or 0xFF fill only. */
const onlyPadding = (b: Buffer) => b.every((x) => x === 0x00 || x === 0xff);

/** Where a JPEG ends (after EOI), walking its segments; -1 when the structure is broken, 'markup' on markup in a segment. */
function jpegEnd(b: Buffer): number | 'markup' {
  if (b[0] !== 0xff || b[1] !== 0xd8) return -1;
  let i = 2;
  while (i + 2 <= b.length) {
    if (b[i] !== 0xff) return -1;
    const m = b[i + 1];
    if (m === 0xff) {
      i++;
      continue;
    }
    if (m === 0xd9) return i + 2;
    if (m >= 0xd0 && m <= 0xd7) {
      i += 2;
      continue;
    }
    if (i + 4 > b.length) return -1;
    const len = b.readUInt16BE(i + 2);
    if (len < 2 || i + 2 + len > b.length) return -1;
    if (m !== 0xda && hasMarkup(b.subarray(i + 4, i + 2 + len))) return 'markup';
    i += 2 + len;
    if (m === 0xda) {
      // Entropy-coded data: 0xFF is followed by 0x00 (stuffing), a restart marker or fill; anything else is the next marker.
      while (i + 1 < b.length) {
        if (b[i] === 0xff && b[i + 1] !== 0x00 && b[i + 1] !== 0xff && !(b[i + 1] >= 0xd0 && b[i + 1] <= 0xd7)) break;
        i++;
      }
    }
  }
  return -1;
}

/** Where a PNG ends (after IEND); fails on markup in a non-image chunk. */
function pngEnd(b: Buffer): number | 'markup' {
  let i = 8;
  while (i + 12 <= b.length) {
    const len = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    if (i + 12 + len > b.length) return -1;
    if (type !== 'IDAT' && hasMarkup(b.subarray(i + 8, i + 8 + len))) return 'markup';
    i += 12 + len;
    if (type === 'IEND') return i;
  }
  return -1;
}

/** The Chinese refusal when an image of the given content type carries foreign content, else null. */
export function polyglotRefusal(b: Buffer, mime: string): string | null {
  const end = mime === 'image/jpeg' ? jpegEnd(b) : mime === 'image/png' ? pngEnd(b) : null;
  if (end === null) return null;
  // A structure that does not parse is refused too: breaking it on purpose must not skip the check.
  if (end === -1 || end === 'markup' || !onlyPadding(b.subarray(end))) return MSG_POLYGLOT;
  return null;
}
