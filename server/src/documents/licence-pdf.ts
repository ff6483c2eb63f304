import { PDFDocument, rgb } from 'pdf-lib';
import { embedMixedFont } from './pdf-font.js';
import { enumLabel } from '../../../src/schemas/index.js';

export interface CertificateData {
  licenseeName: string;
  licenseeType: 'PERSONAL' | 'ORGANISATIONS';
  title: string;
  materialId: number;
  scenarioName: string;
  levelName: string;
  orderNo: string;
  date: Date;
  verifyCode: string;
  verifyUrl: string;
}

const fmtDate = (d: Date) => `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;

/** The licence certificate: one A4 page with every fact a licensee must be able to show. */
export async function licenceCertificatePdf(c: CertificateData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`素材授权证书 ${c.verifyCode}`);
  doc.setSubject(`orderNo=${c.orderNo}; verifyCode=${c.verifyCode}`);
  doc.setProducer('流明素材');
  const font = await embedMixedFont(doc);
  const page = doc.addPage([595, 842]);
  const blue = rgb(0.09, 0.47, 1);
  page.drawRectangle({ x: 30, y: 30, width: 535, height: 782, borderColor: blue, borderWidth: 2 });
  font.draw(page, '素材授权证书', {
    x: 297 - font.widthOfTextAtSize('素材授权证书', 28) / 2,
    y: 740,
    size: 28,
    color: blue,
  });
  font.draw(page, '流明素材 · Lumen', {
    x: 297 - font.widthOfTextAtSize('流明素材 · Lumen', 12) / 2,
    y: 712,
    size: 12,
    color: rgb(0.4, 0.4, 0.4),
  });
  const rows: Array<[string, string]> = [
    ['被授权方', `${c.licenseeName}（${enumLabel('lumen:enums/owner-type', c.licenseeType)}）`],
    ['授权素材', c.title],
    ['素材编号', String(c.materialId)],
    ['授权场景', c.scenarioName],
    ['授权级别', c.levelName],
    ['订单编号', c.orderNo],
    ['授权日期', fmtDate(c.date)],
    ['验证码', c.verifyCode],
  ];
  let y = 640;
  for (const [k, v] of rows) {
    font.draw(page, `${k}：`, { x: 80, y, size: 14, color: rgb(0.3, 0.3, 0.3) });
    font.draw(page, v.length > 28 ? `${v.slice(0, 27)}…` : v, { x: 170, y, size: 14 });
    y -= 40;
  }
  const note = '本证书证明上述被授权方已获得该素材在所列场景下的使用授权，授权不可转让。';
  font.draw(page, note, { x: 80, y: y - 20, size: 11, color: rgb(0.3, 0.3, 0.3) });
  font.draw(page, `验证地址：${c.verifyUrl}`, { x: 80, y: y - 45, size: 9, color: rgb(0.4, 0.4, 0.4) });
  return doc.save();
}
