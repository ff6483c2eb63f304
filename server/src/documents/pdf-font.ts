import fs from 'node:fs';
import * as fontkitModule from 'fontkit';
import { StandardFonts, type Color, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * CJK font for server-made PDFs (certificates, licences): Noto Sans CJK SC from fonts-noto-cjk.
 * Two traps, measured: the font ships as a TrueType collection (.ttc), which pdf-lib cannot open,
 * and it is a CID-keyed CFF font, whose subsets @pdf-lib/fontkit (fontkit 1) writes with blank CJK
 * glyphs. fontkit 2 opens one face of the collection by PostScript name and subsets CID fonts
 * correctly; a small adapter gives it the encodeStream() pdf-lib expects. A certificate page with a
 * few dozen Chinese characters embeds about 60 KB of font.
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

const fontkit: any = (fontkitModule as any).create ? fontkitModule : (fontkitModule as any).default;
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

/** pdf-lib reads a subset through fontkit 1's encodeStream(): one 'data' event, then 'end'. */
function withEncodeStream(subset: any) {
  subset.encodeStream = () => {
    const data: Uint8Array = subset.encode();
    const handlers: Record<string, Array<(x?: unknown) => void>> = {};
    const stream = {
      on(event: string, fn: (x?: unknown) => void) {
        (handlers[event] ??= []).push(fn);
        if (event === 'end')
          queueMicrotask(() => (handlers.data?.forEach((h) => h(data)), handlers.end?.forEach((h) => h())));
        return stream;
      },
    };
    return stream;
  };
  return subset;
}

/** The fontkit pdf-lib is given: opens the named face of a collection (plain TTF/OTF pass through). */
function fontkitFor(face: string) {
  return {
    create(buf: Uint8Array) {
      const opened = fontkit.create(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), face || undefined);
      const font = opened.fonts ? opened.fonts[0] : opened;
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => withEncodeStream(createSubset());
      return font;
    },
  };
}

/** Embeds the CJK font (regular or bold) into a document as a subset of the glyphs drawn. */
export async function embedCjkFont(doc: PDFDocument, weight: 'regular' | 'bold' = 'regular'): Promise<PDFFont> {
  const { bytes, face } = fontBytes(weight === 'bold' ? CJK_BOLD_CANDIDATES : CJK_FONT_CANDIDATES);
  doc.registerFontkit(fontkitFor(face) as any);
  return doc.embedFont(bytes, { subset: true });
}

/**
 * The CJK font with a Latin companion: the bundled CJK fallback font (Droid Sans Fallback) has no
 * glyphs for ASCII letters, digits or most punctuation, so order numbers, verification codes, dates
 * and URLs came out blank. Characters the standard Helvetica can encode (WinAnsi) are drawn with it,
 * everything else with the CJK font.
 */
export class MixedFont {
  private latinOk = new Map<string, boolean>();
  constructor(
    readonly cjk: PDFFont,
    readonly latin: PDFFont,
  ) {}

  private isLatin(ch: string): boolean {
    let ok = this.latinOk.get(ch);
    if (ok === undefined) {
      try {
        this.latin.encodeText(ch);
        ok = true;
      } catch {
        ok = false;
      }
      this.latinOk.set(ch, ok);
    }
    return ok;
  }

  /** Consecutive characters grouped by the font that draws them. */
  runs(text: string): Array<{ text: string; font: PDFFont }> {
    const out: Array<{ text: string; font: PDFFont }> = [];
    for (const ch of text) {
      const font = this.isLatin(ch) ? this.latin : this.cjk;
      const last = out[out.length - 1];
      if (last?.font === font) last.text += ch;
      else out.push({ text: ch, font });
    }
    return out;
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(text).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  }

  /** Draws one line starting at x. */
  draw(page: PDFPage, text: string, o: { x: number; y: number; size: number; color?: Color }): void {
    let x = o.x;
    for (const r of this.runs(text)) {
      page.drawText(r.text, { x, y: o.y, size: o.size, font: r.font, color: o.color });
      x += r.font.widthOfTextAtSize(r.text, o.size);
    }
  }
}

/** The CJK font and Helvetica of the same weight, embedded for mixed Chinese/Latin lines. */
export async function embedMixedFont(doc: PDFDocument, weight: 'regular' | 'bold' = 'regular'): Promise<MixedFont> {
  const cjk = await embedCjkFont(doc, weight);
  return new MixedFont(
    cjk,
    await doc.embedFont(weight === 'bold' ? StandardFonts.HelveticaBold : StandardFonts.Helvetica),
  );
}
