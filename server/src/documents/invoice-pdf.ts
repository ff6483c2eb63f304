import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { embedMixedFont, type MixedFont } from './pdf-font.js';
import { moneyInWords } from './money-words.js';

/** The seller printed on every invoice: the platform operator (the issuing entity of 流明素材). */
export const INVOICE_SELLER = { name: '流明素材（北京）科技有限公司', taxId: '91110108MA01ABCD3L' };

export interface InvoicePdfData {
  invoiceNo: string;
  issuedAt: Date;
  invoiceType: 0 | 2;
  taxRate: number;
  buyer: { name: string; taxId?: string; address?: string; phone?: string; bankName?: string; bankAccount?: string };
  /** One line per invoiced order, each at its tax-inclusive amount. */
  lines: Array<{ name: string; orderNo: string; amountCents: number }>;
  remark?: string;
  issuer: string;
}

/** Tax-inclusive cents split into net amount and tax at a percentage rate (the tax takes the rounding). */
export function splitTax(grossCents: number, ratePercent: number): { netCents: number; taxCents: number } {
  const netCents = Math.round((grossCents * 100) / (100 + ratePercent));
  return { netCents, taxCents: grossCents - netCents };
}

const yuan = (c: number) => (c / 100).toFixed(2);
const red = rgb(0.66, 0.16, 0.12);
const ink = rgb(0.12, 0.12, 0.12);

/** Cuts text to fit a width at a size (with an ellipsis), for table cells. */
function fit(font: MixedFont, text: string, width: number, size: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let s = text;
  while (s.length > 1 && font.widthOfTextAtSize(`${s}…`, size) > width) s = s.slice(0, -1);
  return `${s}…`;
}

/**
 * 电子发票 in the layout of the fully digitalised e-invoice (数电票): title and number/date at the
 * top, buyer and seller side by side, the item table (项目名称 / 金额 / 税率 / 税额), 价税合计 in
 * capitals and figures, 备注 and 开票人. One A4-landscape-like page (the real one is 241×140 mm).
 */
export async function invoicePdf(d: InvoicePdfData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const kind = d.invoiceType === 2 ? '增值税专用发票' : '普通发票';
  doc.setTitle(`电子发票（${kind}）${d.invoiceNo}`);
  doc.setSubject(`invoiceNo=${d.invoiceNo}`);
  doc.setProducer('流明素材');
  const font = await embedMixedFont(doc);
  const bold = await embedMixedFont(doc, 'bold');
  const W = 842;
  const page = doc.addPage([W, 520]);
  const text = (p: PDFPage, s: string, x: number, y: number, size = 10, color = ink, f = font) =>
    f.draw(p, s, { x, y, size, color });

  const title = `电子发票（${kind}）`;
  text(page, title, W / 2 - bold.widthOfTextAtSize(title, 22) / 2, 470, 22, red, bold);
  page.drawLine({ start: { x: W / 2 - 150, y: 462 }, end: { x: W / 2 + 150, y: 462 }, thickness: 1, color: red });
  page.drawLine({ start: { x: W / 2 - 150, y: 458 }, end: { x: W / 2 + 150, y: 458 }, thickness: 1, color: red });
  const date = `${d.issuedAt.getFullYear()}年${String(d.issuedAt.getMonth() + 1).padStart(2, '0')}月${String(d.issuedAt.getDate()).padStart(2, '0')}日`;
  text(page, `发票号码：${d.invoiceNo}`, 600, 478, 10, red);
  text(page, `开票日期：${date}`, 600, 462, 10, red);

  // Frame: buyer|seller band, item table, total band, remark band.
  const L = 40,
    R = W - 40;
  const top = 440,
    partyBottom = 360,
    tableBottom = 170,
    totalBottom = 140,
    remarkBottom = 80;
  page.drawRectangle({
    x: L,
    y: remarkBottom,
    width: R - L,
    height: top - remarkBottom,
    borderColor: red,
    borderWidth: 1,
  });
  for (const y of [partyBottom, tableBottom, totalBottom])
    page.drawLine({ start: { x: L, y }, end: { x: R, y }, thickness: 0.8, color: red });
  page.drawLine({ start: { x: W / 2, y: top }, end: { x: W / 2, y: partyBottom }, thickness: 0.8, color: red });

  const party = (x: number, label: string, name: string, taxId: string | undefined, extra: string[]) => {
    text(page, label, x + 8, top - 18, 10, red);
    text(page, `名称：${fit(font, name, 300, 10)}`, x + 8, top - 38);
    text(page, `统一社会信用代码/纳税人识别号：${taxId ?? ''}`, x + 8, top - 56);
    extra.forEach((e, i) => text(page, fit(font, e, 340, 9), x + 8, top - 72 - i * 12, 9));
  };
  const b = d.buyer;
  party(
    L,
    '购买方信息',
    b.name,
    b.taxId,
    [
      b.address || b.phone ? `地址、电话：${b.address ?? ''} ${b.phone ?? ''}` : '',
      b.bankName || b.bankAccount ? `开户行及账号：${b.bankName ?? ''} ${b.bankAccount ?? ''}` : '',
    ].filter(Boolean),
  );
  party(W / 2, '销售方信息', INVOICE_SELLER.name, INVOICE_SELLER.taxId, []);

  const cols = [L + 8, 360, 470, 560, 650, 730];
  const heads = ['项目名称', '订单号', '数量', '金额', '税率/征收率', '税额'];
  heads.forEach((h, i) => text(page, h, cols[i], partyBottom - 18, 10, red));
  let y = partyBottom - 38;
  let net = 0,
    tax = 0,
    gross = 0;
  const shown = d.lines.slice(0, 8);
  for (const line of shown) {
    const s = splitTax(line.amountCents, d.taxRate);
    net += s.netCents;
    tax += s.taxCents;
    gross += line.amountCents;
    text(page, fit(font, `*信息技术服务*${line.name}`, 300, 9), cols[0], y, 9);
    text(page, line.orderNo, cols[1], y, 8);
    text(page, '1', cols[2], y, 9);
    text(page, yuan(s.netCents), cols[3], y, 9);
    text(page, `${d.taxRate}%`, cols[4], y, 9);
    text(page, yuan(s.taxCents), cols[5], y, 9);
    y -= 18;
  }
  for (const line of d.lines.slice(8)) {
    const s = splitTax(line.amountCents, d.taxRate);
    net += s.netCents;
    tax += s.taxCents;
    gross += line.amountCents;
  }
  if (d.lines.length > shown.length)
    text(page, `（另有 ${d.lines.length - shown.length} 笔订单，合计已计入）`, cols[0], y, 9);
  text(page, '合　　计', cols[0], tableBottom + 10, 10, red);
  text(page, `¥${yuan(net)}`, cols[3], tableBottom + 10, 10);
  text(page, `¥${yuan(tax)}`, cols[5], tableBottom + 10, 10);

  text(page, '价税合计（大写）', L + 8, totalBottom + 10, 10, red);
  text(page, moneyInWords(gross), L + 120, totalBottom + 10, 11);
  text(page, `（小写）¥${yuan(gross)}`, 600, totalBottom + 10, 11);

  text(page, '备注', L + 8, totalBottom - 22, 10, red);
  text(page, fit(font, d.remark ?? '', 680, 9), L + 50, totalBottom - 22, 9);
  text(page, `开票人：${d.issuer}`, L, remarkBottom - 20, 10);
  return doc.save();
}
