import crypto from 'node:crypto';
import { PDFDocument, rgb } from 'pdf-lib';
import { embedMixedFont } from './pdf-font.js';
import { canonicalJson } from '../security/canonical-json.js';

/** The terms both parties sign; its SHA-256 (canonical JSON) is what each signature and the evidence log commit to. */
export interface ContractTerms {
  dealId: number;
  kind: '转让' | '许可';
  seller: string;
  buyer: string;
  workName: string;
  proof: string;
  rights: string[];
  territory: string;
  term: string;
  exclusive: boolean;
  priceCents: number;
}

export const contractHash = (t: ContractTerms): string =>
  crypto.createHash('sha256').update(canonicalJson(t)).digest('hex');

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/** 著作权转让/许可合同: the terms, the clauses, and each party's signature time and IP once signed. */
export async function transferContractPdf(
  t: ContractTerms,
  signatures: { buyer?: { at: string; ip: string } | null; seller?: { at: string; ip: string } | null },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `著作权${t.kind}合同`;
  doc.setTitle(`${title} ${t.dealId}`);
  doc.setSubject(`dealId=${t.dealId}; sha256=${contractHash(t)}`);
  doc.setProducer('流明素材');
  const font = await embedMixedFont(doc);
  const page = doc.addPage([595, 842]);
  font.draw(page, title, {
    x: 297 - font.widthOfTextAtSize(title, 24) / 2,
    y: 780,
    size: 24,
    color: rgb(0.1, 0.1, 0.1),
  });
  let y = 740;
  const line = (text: string, size = 11) => {
    for (let i = 0; i < text.length; i += 46) {
      font.draw(page, text.slice(i, i + 46), { x: 50, y, size, color: rgb(0.15, 0.15, 0.15) });
      y -= size + 8;
    }
  };
  line(`合同编号：LMCT${String(t.dealId).padStart(8, '0')}`);
  line(`甲方（权利人）：${t.seller}`);
  line(`乙方（受让方/被许可方）：${t.buyer}`);
  line(`作品名称：${t.workName}`);
  line(`权属证明：${t.proof}`);
  line(`${t.kind}的权利：${t.rights.join('、')}`);
  line(`地域范围：${t.territory}　期限：${t.term}　${t.exclusive ? '独占' : '非独占'}`);
  line(`价款：${yuan(t.priceCents)}（已由乙方支付至流明素材托管，双方签署后支付给甲方）`);
  y -= 6;
  line('一、甲方保证对上述作品享有合法、完整的著作权，且上述权利未设定任何质押或独占许可。');
  line(`二、自双方签署之日起，上述权利按本合同约定${t.kind}给乙方；${t.kind}记录写入流明素材存证记录。`);
  line('三、乙方的价款由平台托管，双方均完成签署后平台向甲方放款；任一方未签署前可撤销，价款退回乙方。');
  line('四、因本合同发生的争议，双方协商解决；协商不成的，提交平台运营方所在地人民法院诉讼解决。');
  y -= 6;
  line(`合同摘要（SHA-256）：${contractHash(t)}`, 9);
  y -= 6;
  const signed = (who: string, s?: { at: string; ip: string } | null) =>
    line(`${who}：${s ? `已于 ${new Date(s.at).toISOString()} 签署（短信验证，IP ${s.ip}）` : '未签署'}`);
  signed('甲方签署', signatures.seller);
  signed('乙方签署', signatures.buyer);
  return doc.save();
}
