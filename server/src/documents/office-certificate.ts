import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { embedMixedFont } from './pdf-font.js';

export interface OfficeCertificate {
  /** 作品登记证书 / 公证书 ... */
  title: string;
  subtitle: string;
  rows: Array<[string, string]>;
  /** Who issued it, printed at the bottom right (the sandbox office's name). */
  issuer: string;
  note?: string;
  /** Public page that shows the certificate, drawn as a QR code. */
  verifyUrl?: string;
}

/** Wraps a long line into pieces of at most n characters. */
const wrap = (s: string, n: number) => s.match(new RegExp(`.{1,${n}}`, 'gu')) ?? [s];

/**
 * A one-page A4 certificate of an outside office (the copyright authority's registration
 * certificate, a notary's notarial certificate), as the sandbox offices issue them.
 */
export async function officeCertificatePdf(c: OfficeCertificate): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(c.title);
  doc.setProducer(c.issuer);
  const font = await embedMixedFont(doc);
  const bold = await embedMixedFont(doc, 'bold');
  const page = doc.addPage([595, 842]);
  const ink = rgb(0.13, 0.16, 0.22);
  const red = rgb(0.75, 0.1, 0.1);
  page.drawRectangle({ x: 30, y: 30, width: 535, height: 782, borderColor: red, borderWidth: 2 });
  page.drawRectangle({ x: 38, y: 38, width: 519, height: 766, borderColor: red, borderWidth: 0.5 });
  bold.draw(page, c.title, { x: (595 - bold.widthOfTextAtSize(c.title, 30)) / 2, y: 730, size: 30, color: ink });
  font.draw(page, c.subtitle, { x: (595 - font.widthOfTextAtSize(c.subtitle, 11)) / 2, y: 708, size: 11, color: red });
  let y = 650;
  for (const [label, value] of c.rows) {
    bold.draw(page, `${label}：`, { x: 70, y, size: 12, color: ink });
    for (const line of wrap(value || '-', 26)) {
      font.draw(page, line, { x: 200, y, size: 12, color: ink });
      y -= 20;
    }
    y -= 8;
  }
  if (c.note)
    for (const line of wrap(c.note, 38)) {
      font.draw(page, line, { x: 70, y: y - 6, size: 10, color: rgb(0.4, 0.4, 0.45) });
      y -= 16;
    }
  if (c.verifyUrl) {
    const img = await doc.embedPng(await QRCode.toBuffer(c.verifyUrl, { margin: 1, width: 220 }));
    page.drawImage(img, { x: 70, y: 80, width: 100, height: 100 });
    font.draw(page, c.verifyUrl, { x: 70, y: 64, size: 8, color: ink });
  }
  bold.draw(page, c.issuer, { x: 545 - bold.widthOfTextAtSize(c.issuer, 13), y: 90, size: 13, color: red });
  return doc.save();
}
