import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from 'pdf-lib';

/**
 * The text lines of each page of a PDF made by pdf-lib (runs drawn on the same baseline joined).
 * pdf-lib cannot extract text and the machine has no poppler, but pdf-lib writes what is needed:
 * content streams whose `<hex> Tj` operands are codes of the current font (`/Fn s Tf`) placed by
 * `Tm`; embedded (Type0) fonts carry a ToUnicode CMap for their 2-byte codes, standard fonts use
 * 1-byte WinAnsi codes (read as Latin-1, exact for ASCII).
 */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  const resolve = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  const streamText = (o: PDFObject | undefined) => {
    const s = resolve(o);
    if (!(s instanceof PDFRawStream)) throw new Error('expected a stream');
    return Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
  };
  return doc.getPages().map((page) => {
    const fonts = resolve(page.node.Resources()?.get(PDFName.of('Font'))) as PDFDict | undefined;
    const cmaps = new Map<string, Map<number, string> | null>();
    for (const [name, ref] of fonts?.entries() ?? []) {
      const toUnicode = (resolve(ref) as PDFDict).get(PDFName.of('ToUnicode'));
      cmaps.set(name.asString(), toUnicode ? parseToUnicode(streamText(toUnicode)) : null);
    }
    const contents = resolve(page.node.get(PDFName.of('Contents')));
    const parts = contents instanceof PDFArray ? contents.asArray() : [contents];
    const ops = parts.map(streamText).join('\n');
    const lines: string[] = [];
    let cmap: Map<number, string> | null = null;
    let y = NaN;
    let lastY = NaN;
    for (const m of ops.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|(-?[\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (m[1]) cmap = cmaps.get(m[1]) ?? null;
      else if (m[2]) y = Number(m[2]);
      else {
        const text = decodeHex(m[3], cmap);
        if (y === lastY && lines.length) lines[lines.length - 1] += text;
        else lines.push(text);
        lastY = y;
      }
    }
    return lines;
  });
}

/** 2-byte codes through the font's ToUnicode map (unmapped: U+FFFD), or 1-byte codes of a standard font. */
function decodeHex(hex: string, cmap: Map<number, string> | null): string {
  let out = '';
  const width = cmap ? 4 : 2;
  for (let i = 0; i + width <= hex.length; i += width) {
    const code = parseInt(hex.slice(i, i + width), 16);
    out += cmap ? (cmap.get(code) ?? '\uFFFD') : String.fromCharCode(code);
  }
  return out;
}

const utf16 = (hex: string) => {
  const units: number[] = [];
  for (let i = 0; i < hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

/** bfchar and bfrange entries of a ToUnicode CMap. */
function parseToUnicode(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(m[1], 16), utf16(m[2]));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(?:<([0-9A-Fa-f]+)>|\[([^\]]*)\])/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      if (m[3]) {
        const start = parseInt(m[3], 16);
        for (let c = lo; c <= hi; c++) map.set(c, String.fromCodePoint(start + (c - lo)));
      } else {
        const dests = [...m[4].matchAll(/<([0-9A-Fa-f]+)>/g)].map((d) => utf16(d[1]));
        dests.forEach((d, i) => map.set(lo + i, d));
      }
    }
  }
  return map;
}
