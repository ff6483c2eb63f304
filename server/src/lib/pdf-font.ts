import fs from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * CJK font for server-made PDFs (certificates, licences). Noto Sans CJK ships as a TrueType
 * collection (.ttc) that pdf-lib cannot open by itself, so a fontkit wrapper picks the Simplified
 * Chinese face out of the collection by PostScript name; pdf-lib then embeds a subset (only the
 * glyphs used), which keeps a one-page certificate small.
 */
export const CJK_FONT_CANDIDATES = [
  // TrueType outlines first (fonts-droid-fallback): fontkit subsets glyf fonts cleanly, while its CFF subsets of Noto CJK are flagged invalid by poppler.
  { file: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf', face: '' },
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', face: 'NotoSerifCJKsc-Regular' },
];
export const CJK_BOLD_CANDIDATES = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', face: 'NotoSansCJKsc-Bold' },
  ...CJK_FONT_CANDIDATES,
];

const cache = new Map<string, Buffer>();

function fontBytes(candidates: typeof CJK_FONT_CANDIDATES): { bytes: Buffer; face: string } {
  const envFile = process.env.CJK_FONT_FILE;
  const list = envFile ? [{ file: envFile, face: process.env.CJK_FONT_FACE ?? '' }, ...candidates] : candidates;
  for (const c of list) {
    if (!fs.existsSync(c.file)) continue;
    let bytes = cache.get(c.file);
    if (!bytes) cache.set(c.file, (bytes = fs.readFileSync(c.file)));
    return { bytes, face: c.face };
  }
  throw new Error('No CJK font found: install fonts-noto-cjk or set CJK_FONT_FILE');
}

/** A fontkit that opens one face of a collection (plain TTF/OTF files pass through). */
function fontkitFor(face: string) {
  return {
    create: (buf: Uint8Array) => {
      const f: any = (fontkit as any).create(buf, face || undefined);
      return f.fonts ? f.fonts[0] : f;
    },
  };
}

/** Embeds the CJK font (regular or bold) into a document as a subset. */
export async function embedCjkFont(doc: PDFDocument, weight: 'regular' | 'bold' = 'regular'): Promise<PDFFont> {
  const { bytes, face } = fontBytes(weight === 'bold' ? CJK_BOLD_CANDIDATES : CJK_FONT_CANDIDATES);
  doc.registerFontkit(fontkitFor(face) as any);
  return doc.embedFont(bytes, { subset: true });
}
