import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import dayjs from 'dayjs';
import { embedMixedFont } from './pdf-font.js';
import type { EvidenceReceipt } from '../../../verify-receipt.mjs';

export interface CertificateData {
  certNo: string;
  workName: string;
  workCategoryLabel: string;
  owner: string;
  fileName: string;
  sha256: string;
  /** Leaf index in the evidence log and its RFC 9162 leaf hash (hex). */
  height: number;
  blockHash: string;
  depositedAt: Date | string;
  verifyUrl: string;
  /** The receipt: printed on page 2 and attached to the PDF as receipt.json. */
  receipt?: EvidenceReceipt;
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
    ['日志叶子序号', [String(c.height)]],
    ['叶子哈希', chunks(c.blockHash, 40)],
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
  const note = '本证书记载的文件哈希已写入流明素材默克尔存证日志（RFC 9162），第 2 页为可离线验证的存证回执。';
  font.draw(page, note, { x: 70, y: y - 10, size: 10, color: rgb(0.4, 0.4, 0.45) });

  const qr = await QRCode.toBuffer(c.verifyUrl, { margin: 1, width: 220 });
  const img = await doc.embedPng(qr);
  page.drawImage(img, { x: 70, y: 80, width: 110, height: 110 });
  bold.draw(page, '扫码校验证书', { x: 200, y: 150, size: 12, color: ink });
  font.draw(page, c.verifyUrl, { x: 200, y: 128, size: 9, color: accent });
  bold.draw(page, '流明素材 · 版权保护中心', { x: 380, y: 80, size: 12, color: ink });
  if (c.receipt) await addReceiptPage(doc, c.receipt, { font, bold, ink, accent });
  return doc.save();
}

/**
 * Page 2: the receipt's data (leaf, tree size, the signed checkpoint, the log key) and how to
 * verify it without Lumen; the receipt itself rides along as an embedded file (receipt.json).
 */
async function addReceiptPage(
  doc: PDFDocument,
  r: EvidenceReceipt,
  t: { font: any; bold: any; ink: any; accent: any },
) {
  const json = JSON.stringify(r, null, 2);
  await doc.attach(Buffer.from(json, 'utf8'), `存证回执-${r.certNo}.json`, {
    mimeType: 'application/json',
    description: 'Lumen evidence receipt (lumen.evidence-receipt/v1)',
  });
  const page = doc.addPage([595, 842]);
  let y = 780;
  const line = (text: string, opts: { bold?: boolean; size?: number; color?: any } = {}) => {
    (opts.bold ? t.bold : t.font).draw(page, text, { x: 50, y, size: opts.size ?? 9, color: opts.color ?? t.ink });
    y -= (opts.size ?? 9) + 6;
  };
  line('存证回执（可离线验证）', { bold: true, size: 18 });
  y -= 6;
  line(`证书编号：${r.certNo}    日志叶子序号：${r.leafIndex}    树大小：${r.treeSize}`);
  line(`文件 SHA-256：${r.sha256}`);
  line('日志叶子（base64）：', { bold: true });
  for (const part of chunks(r.leaf, 90)) line(part);
  line(`包含证明（${r.inclusionPath.length} 个哈希，base64）：`, { bold: true });
  for (const h of r.inclusionPath) line(h);
  line('签名检查点（C2SP signed note；签名行首的 -- 即 U+2014 破折号）：', { bold: true });
  // The embedded fonts have no em dash: printed as "--"; the attached receipt keeps the exact note.
  for (const l of r.checkpoint.split('\n')) for (const part of chunks(l || ' ', 90)) line(part.replace('\u2014', '--'));
  line('日志公钥：', { bold: true });
  for (const part of chunks(r.logKey, 90)) line(part);
  if (r.timestamp) line('检查点已附 RFC 3161 可信时间戳（见附件回执 timestamp.token）。');
  y -= 8;
  line('如何验证', { bold: true, size: 12 });
  line('1. 从本 PDF 的附件中取出回执 JSON（或在存证记录中下载回执）。');
  line('2. 命令行：node verify-receipt.mjs 原始文件 回执.json --key 日志公钥（单文件，无需联网）。');
  const verifyPage = r.verifyUrl ? `${new URL(r.verifyUrl).origin}/certifiy` : '/certifiy';
  line(`3. 或在浏览器打开公开验证页 ${verifyPage}，拖入原始文件与回执，逐步查看结果。`, { color: t.accent });
}
