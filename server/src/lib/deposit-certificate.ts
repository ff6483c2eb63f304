import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import dayjs from 'dayjs';
import { embedMixedFont } from './pdf-font.js';

export interface CertificateData {
  certNo: string;
  workName: string;
  workCategoryLabel: string;
  owner: string;
  fileName: string;
  sha256: string;
  height: number;
  blockHash: string;
  depositedAt: Date | string;
  verifyUrl: string;
}

/** Wraps a long ASCII value (hashes) into fixed-width lines. */
const chunks = (s: string, n: number) => s.match(new RegExp(`.{1,${n}}`, 'g')) ?? [s];

/** One-page A4 evidence-deposit certificate with a QR code to the public verification page. */
export async function depositCertificatePdf(c: CertificateData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`版权存证证书 ${c.certNo}`);
  doc.setProducer('流明素材');
  // Mixed fonts: the CJK fallback font has no ASCII glyphs, and certificate numbers, hashes and
  // the verification URL are ASCII.
  const font = await embedMixedFont(doc);
  const bold = await embedMixedFont(doc, 'bold');
  const page = doc.addPage([595, 842]);
  const ink = rgb(0.13, 0.16, 0.22);
  const accent = rgb(0.09, 0.47, 1);

  page.drawRectangle({ x: 30, y: 30, width: 535, height: 782, borderColor: accent, borderWidth: 2 });
  page.drawRectangle({ x: 38, y: 38, width: 519, height: 766, borderColor: accent, borderWidth: 0.5 });
  const title = '版权存证证书';
  bold.draw(page, title, { x: (595 - bold.widthOfTextAtSize(title, 30)) / 2, y: 730, size: 30, color: ink });
  const sub = 'Copyright Evidence Deposit Certificate';
  font.draw(page, sub, { x: (595 - font.widthOfTextAtSize(sub, 11)) / 2, y: 708, size: 11, color: accent });

  const rows: Array<[string, string[]]> = [
    ['证书编号', [c.certNo]],
    ['作品名称', [c.workName]],
    ['作品类别', [c.workCategoryLabel]],
    ['存证人', [c.owner]],
    ['存证文件', [c.fileName]],
    ['文件哈希(SHA-256)', chunks(c.sha256, 40)],
    ['存证区块高度', [String(c.height)]],
    ['区块哈希', chunks(c.blockHash, 40)],
    ['存证时间', [dayjs(c.depositedAt).format('YYYY年MM月DD日 HH:mm:ss')]],
  ];
  let y = 650;
  for (const [label, lines] of rows) {
    bold.draw(page, `${label}：`, { x: 70, y, size: 12, color: ink });
    for (const line of lines) {
      font.draw(page, line, { x: 200, y, size: 12, color: ink });
      y -= 20;
    }
    y -= 10;
  }
  const note = '本证书记载的文件哈希已写入流明素材存证链，任何对文件或记录的改动都会使校验失败。';
  font.draw(page, note, { x: 70, y: y - 10, size: 10, color: rgb(0.4, 0.4, 0.45) });

  const qr = await QRCode.toBuffer(c.verifyUrl, { margin: 1, width: 220 });
  const img = await doc.embedPng(qr);
  page.drawImage(img, { x: 70, y: 80, width: 110, height: 110 });
  bold.draw(page, '扫码校验证书', { x: 200, y: 150, size: 12, color: ink });
  font.draw(page, c.verifyUrl, { x: 200, y: 128, size: 9, color: accent });
  bold.draw(page, '流明素材 · 版权保护中心', { x: 380, y: 80, size: 12, color: ink });
  return doc.save();
}
