import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import dayjs from 'dayjs';
import { embedMixedFont, type MixedFont } from './pdf-font.js';
import { TRACE_EVENT_KINDS, type TraceEvent } from '../../../src/schemas/api/trace.js';

export interface TraceCertificateData {
  certNo: string;
  workId: number;
  workTitle: string;
  owner: string;
  issuedAt: Date;
  events: TraceEvent[];
  /** The public check page (/copyright/trace/cert?no=...), printed and encoded in the QR code. */
  verifyUrl: string;
}

const A4: [number, number] = [595, 842];
const ink = rgb(0.13, 0.16, 0.22);
const grey = rgb(0.4, 0.4, 0.45);
const accent = rgb(0.09, 0.47, 1);

/** Splits text into lines no wider than `width` at `size` (character-wise: Chinese has no spaces). */
function wrap(font: MixedFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of Array.from(text)) {
    if (line && font.widthOfTextAtSize(line + ch, size) > width) {
      lines.push(line);
      line = '';
    }
    line += ch;
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

/**
 * The trace certificate (版权溯源证书): the work, its holder and every event of its timeline, with
 * a QR code to the public check. Its SHA-256 is what the evidence log records, so the bytes are the
 * certificate: a changed copy no longer verifies.
 */
export async function traceCertificatePdf(c: TraceCertificateData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`版权溯源证书 ${c.certNo}`);
  doc.setProducer('流明素材');
  // Fixed dates keep the bytes a function of the data (pdf-lib stamps "now" by default).
  doc.setCreationDate(c.issuedAt);
  doc.setModificationDate(c.issuedAt);
  const font = await embedMixedFont(doc);
  const bold = await embedMixedFont(doc, 'bold');
  let page = doc.addPage(A4);
  const frame = (p: PDFPage) =>
    p.drawRectangle({ x: 30, y: 30, width: 535, height: 782, borderColor: accent, borderWidth: 1.5 });
  frame(page);

  const title = '版权溯源证书';
  bold.draw(page, title, { x: (595 - bold.widthOfTextAtSize(title, 28)) / 2, y: 760, size: 28, color: ink });
  const sub = 'Copyright Traceability Certificate';
  font.draw(page, sub, { x: (595 - font.widthOfTextAtSize(sub, 11)) / 2, y: 740, size: 11, color: accent });

  let y = 700;
  const rows: Array<[string, string]> = [
    ['证书编号', c.certNo],
    ['作品名称', c.workTitle],
    ['作品编号', String(c.workId)],
    ['权利人', c.owner],
    ['出具时间', dayjs(c.issuedAt).format('YYYY年MM月DD日 HH:mm:ss')],
    ['事件数', `${c.events.length} 条`],
  ];
  for (const [label, value] of rows) {
    bold.draw(page, `${label}：`, { x: 60, y, size: 11, color: ink });
    font.draw(page, value, { x: 150, y, size: 11, color: ink });
    y -= 19;
  }

  const qr = await doc.embedPng(await QRCode.toBuffer(c.verifyUrl, { margin: 1, width: 200 }));
  page.drawImage(qr, { x: 445, y: 600, width: 95, height: 95 });
  font.draw(page, '扫码核验', { x: 470, y: 588, size: 9, color: grey });

  y -= 8;
  bold.draw(page, '权属与传播时间线', { x: 60, y, size: 14, color: ink });
  y -= 22;
  const newPage = () => {
    page = doc.addPage(A4);
    frame(page);
    y = 790;
  };
  for (const e of c.events) {
    const detail = [
      e.detail,
      e.status && `状态：${e.status}`,
      e.url && `网址：${e.url}`,
      e.sha256 && `SHA-256：${e.sha256}`,
      e.leafIndex != null && `日志叶子 #${e.leafIndex}`,
    ]
      .filter(Boolean)
      .join('；');
    const lines = wrap(font, detail, 9, 400);
    if (y - 16 - lines.length * 13 < 70) newPage();
    page.drawCircle({ x: 66, y: y + 4, size: 3, color: accent });
    font.draw(page, dayjs(e.at).format('YYYY-MM-DD HH:mm'), { x: 76, y, size: 9, color: grey });
    bold.draw(page, `[${TRACE_EVENT_KINDS[e.kind].label}] ${wrap(bold, e.title, 10, 330)[0]}`, {
      x: 160,
      y,
      size: 10,
      color: ink,
    });
    y -= 15;
    for (const l of lines) {
      font.draw(page, l, { x: 160, y, size: 9, color: grey });
      y -= 13;
    }
    y -= 6;
  }
  if (!c.events.length) {
    font.draw(page, '暂无事件', { x: 76, y, size: 10, color: grey });
    y -= 16;
  }

  if (y < 120) newPage();
  const note = `本证书 PDF 的 SHA-256 已写入流明素材默克尔存证日志（RFC 9162，类型 trace-cert）。任何人可在 ${c.verifyUrl} 输入证书编号并拖入本文件核验；文件被改动后将无法通过核验。`;
  wrap(font, note, 8.5, 475).forEach((line, i) =>
    font.draw(page, line, { x: 60, y: 96 - i * 12, size: 8.5, color: grey }),
  );
  bold.draw(page, '流明素材 · 版权保护中心', { x: 400, y: 44, size: 11, color: ink });
  return doc.save();
}
