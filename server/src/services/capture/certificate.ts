import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import dayjs from 'dayjs';
import { embedMixedFont } from '../../documents/pdf-font.js';

export interface CaptureCertificateData {
  certNo: string;
  kind: 'web' | 'screen';
  owner: string;
  urls: string[];
  manifestSha256: string;
  logIndex: number;
  leafHash: string;
  capturedAt: Date | string;
  tsaTime: Date | string | null;
  browser: string;
  artefactCount: number;
  verifyUrl: string;
}

const chunks = (s: string, n: number) => s.match(new RegExp(`.{1,${n}}`, 'g')) ?? [s];

/** 取证证书: one A4 page with the manifest hash, the capture details and a QR code to /certifiy/{certNo}. */
export async function captureCertificatePdf(c: CaptureCertificateData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = c.kind === 'screen' ? '录屏取证证书' : '网页取证证书';
  doc.setTitle(`${title} ${c.certNo}`);
  doc.setProducer('流明素材');
  const font = await embedMixedFont(doc);
  const bold = await embedMixedFont(doc, 'bold');
  const page = doc.addPage([595, 842]);
  const ink = rgb(0.13, 0.16, 0.22);
  const accent = rgb(0.09, 0.47, 1);
  page.drawRectangle({ x: 30, y: 30, width: 535, height: 782, borderColor: accent, borderWidth: 2 });
  bold.draw(page, title, { x: (595 - bold.widthOfTextAtSize(title, 30)) / 2, y: 730, size: 30, color: ink });
  const sub = c.kind === 'screen' ? 'Screen Recording Evidence Certificate' : 'Web Page Evidence Certificate';
  font.draw(page, sub, { x: (595 - font.widthOfTextAtSize(sub, 11)) / 2, y: 708, size: 11, color: accent });
  const rows: Array<[string, string[]]> = [
    ['证书编号', [c.certNo]],
    ['取证人', [c.owner]],
    ['取证网址', c.urls.slice(0, 5).flatMap((u) => chunks(u, 52))],
    ['清单哈希(SHA-256)', chunks(c.manifestSha256, 40)],
    ['日志叶子序号', [String(c.logIndex)]],
    ['叶子哈希', chunks(c.leafHash, 40)],
    ['取证时间(服务器)', [dayjs(c.capturedAt).format('YYYY年MM月DD日 HH:mm:ss')]],
    ['可信时间(TSA)', [c.tsaTime ? dayjs(c.tsaTime).format('YYYY年MM月DD日 HH:mm:ss') : '—']],
    ['取证环境', [c.browser]],
    ['证据文件', [`${c.artefactCount} 个，哈希见 manifest.json`]],
  ];
  let y = 650;
  for (const [label, lines] of rows) {
    bold.draw(page, `${label}：`, { x: 60, y, size: 11, color: ink });
    for (const line of lines) {
      font.draw(page, line, { x: 190, y, size: 11, color: ink });
      y -= 17;
    }
    y -= 7;
  }
  const note =
    '证据包中每个文件的 SHA-256 记于 manifest.json，其哈希已写入流明素材默克尔存证日志并附 RFC 3161 时间戳。';
  font.draw(page, note, { x: 60, y: Math.max(y - 6, 215), size: 9, color: rgb(0.4, 0.4, 0.45) });
  const qr = await QRCode.toBuffer(c.verifyUrl, { margin: 1, width: 220 });
  page.drawImage(await doc.embedPng(qr), { x: 60, y: 80, width: 110, height: 110 });
  bold.draw(page, '扫码校验证书', { x: 190, y: 150, size: 12, color: ink });
  font.draw(page, c.verifyUrl, { x: 190, y: 128, size: 9, color: accent });
  bold.draw(page, '流明素材 · 版权保护中心', { x: 380, y: 80, size: 12, color: ink });
  return doc.save();
}
