import { PDFDocument, rgb } from 'pdf-lib';
import { embedMixedFont } from '../../documents/pdf-font.js';
import { TAKEDOWN_TEMPLATE } from '../../../../src/schemas/cyprotect/monitor.js';

/**
 * 侵权通知函 as a PDF, from the schema's template (lumen:cyprotect/monitor, takedown.x-template):
 * each section is a paragraph whose {placeholders} are filled from `values`, wrapped to the page.
 */
export async function takedownPdf(values: Record<string, string>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(TAKEDOWN_TEMPLATE.title);
  doc.setProducer('流明素材');
  const font = await embedMixedFont(doc);
  const bold = await embedMixedFont(doc, 'bold');
  const ink = rgb(0.13, 0.16, 0.22);
  let page = doc.addPage([595, 842]);
  const title = TAKEDOWN_TEMPLATE.title;
  bold.draw(page, title, { x: (595 - bold.widthOfTextAtSize(title, 24)) / 2, y: 770, size: 24, color: ink });
  let y = 720;
  const size = 12,
    width = 475;
  for (const section of TAKEDOWN_TEMPLATE.sections) {
    const text = section.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '—');
    // Wrap by measured width: CJK text has no spaces, so break between any two characters.
    let line = '';
    const lines: string[] = [];
    for (const ch of [...text]) {
      if (font.widthOfTextAtSize(line + ch, size) > width) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
    if (line) lines.push(line);
    for (const l of lines) {
      if (y < 60) {
        page = doc.addPage([595, 842]);
        y = 780;
      }
      font.draw(page, l, { x: 60, y, size, color: ink });
      y -= 20;
    }
    y -= 12;
  }
  return doc.save();
}
