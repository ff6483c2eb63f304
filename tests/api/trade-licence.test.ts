import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { call, makeMaterial } from '../helpers/trade.js';
import { pdfTextLines } from '../helpers/pdf-text.js';
import { contentDisposition } from '../../server/src/http/content-disposition.js';

describe('licences: certificate PDF, verification, original download, history', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let owner: Awaited<ReturnType<typeof makeUser>>;
  let stranger: Awaited<ReturnType<typeof makeUser>>;
  let mat: number;
  const original = Buffer.from('ORIGINAL-4K-FILE-BYTES');
  beforeAll(async () => {
    t = await makeTestApp();
    owner = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '授权测试传媒有限公司' });
    stranger = await makeUser(t.db);
    mat = await makeMaterial(t.app, t.db, { title: '大熊猫"宝宝"/嬉戏', priceCents: 1000, original });
  });
  afterAll(() => t.close());

  it('refuses the original without a licence (403 in Chinese)', async () => {
    const r = await call(t.app, 'GET', `/api/order/download/${mat}`, owner.auth);
    expect(r.status).toBe(403);
    expect(r.body.msg).toContain('尚未获得该素材的授权');
    expect((await call(t.app, 'GET', `/api/order/download/${mat}`)).status).toBe(401);
  });

  it('after payment: licence record, certificate PDF verifiable by code, original download, history', async () => {
    const o = (
      await call(t.app, 'POST', '/api/trade/order', owner.auth, {
        from: 'direct',
        items: [{ materialId: mat, scenario: 'enterprise_new_media' }],
      })
    ).body.data;
    await t.db.query('UPDATE users SET balance_cents = 5000 WHERE id = $1', [owner.id]);
    expect((await call(t.app, 'POST', '/api/trade/pay/wallet', owner.auth, { orderId: o.id })).status).toBe(200);

    const records = (await call(t.app, 'GET', '/api/order/authrecord/list', owner.auth)).body.data;
    expect(records.total).toBe(1);
    const rec = records.list[0];
    expect(rec).toMatchObject({
      materialId: mat,
      scenarioName: '企业新媒体',
      levelName: '企业授权',
      orderNo: o.orderNo,
      licenseeName: '授权测试传媒有限公司',
    });
    const myauth = (await call(t.app, 'GET', '/api/order/myauth/list', owner.auth)).body.data;
    expect(myauth.list[0]).toMatchObject({ materialId: mat, scenarioNames: ['企业新媒体'], hasOriginal: true });

    const pdf = await t.app.inject({ url: `/api/order/licence/${rec.id}/certificate`, headers: owner.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('授权证书')}`);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getSubject()).toContain(`orderNo=${o.orderNo}`);
    const code = /verifyCode=([0-9A-F]{12})/.exec(doc.getSubject()!)![1];
    expect(code).toBe(rec.verifyCode);
    // A CJK font file is embedded, so the Chinese text renders without fonts on the reader's machine.
    const descriptors = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter((o): o is PDFDict => o instanceof PDFDict && String(o.get(PDFName.of('Type'))) === '/FontDescriptor');
    expect(descriptors.some((d) => d.has(PDFName.of('FontFile3')) || d.has(PDFName.of('FontFile2')))).toBe(true);

    // The page itself states every fact, Latin and digits included (the CJK font alone has none):
    // read back through the content stream and the embedded font's ToUnicode map.
    const [lines] = await pdfTextLines(pdf.rawPayload);
    const paidAt = new Date((await t.db.query('SELECT paid_at FROM orders WHERE id = $1', [o.id])).rows[0].paid_at);
    expect(lines.join('\n')).not.toContain('\uFFFD');
    expect(lines).toEqual(
      expect.arrayContaining([
        '素材授权证书',
        '被授权方：授权测试传媒有限公司（企业）',
        '授权素材：大熊猫"宝宝"/嬉戏',
        `素材编号：${mat}`,
        '授权场景：企业新媒体',
        '授权级别：企业授权',
        `订单编号：${o.orderNo}`,
        `授权日期：${paidAt.getFullYear()}年${paidAt.getMonth() + 1}月${paidAt.getDate()}日`,
        `验证码：${rec.verifyCode}`,
      ]),
    );
    expect(lines.find((l) => l.startsWith('验证地址：'))).toMatch(
      new RegExp(`^验证地址：http\\S+/certifiy/${rec.verifyCode}$`),
    );

    const v = await call(t.app, 'GET', `/api/order/licence/verify?code=${code}`);
    expect(v.body.data).toMatchObject({
      valid: true,
      licenseeName: '授权测试传媒有限公司',
      orderNo: o.orderNo,
      scenarioName: '企业新媒体',
    });
    expect((await call(t.app, 'GET', '/api/order/licence/verify?code=000000000000')).status).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/order/licence/${rec.id}/certificate`, headers: stranger.auth })).statusCode,
    ).toBe(404);

    // A browser asks for gzip; the media goes out as stored (compressing it on the fly only cost time).
    const dl = await t.app.inject({
      url: `/api/order/download/${mat}`,
      headers: { ...owner.auth, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-encoding']).toBeUndefined();
    expect(dl.rawPayload.equals(original)).toBe(true);
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="[ -~]+"; filename\*=UTF-8''/);
    expect(dl.headers['content-disposition']).not.toMatch(/filename="[^"]*["/][^"]*";/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect((await call(t.app, 'GET', `/api/order/download/${mat}`, stranger.auth)).status).toBe(403);

    // Taken down later: the licence holder keeps the original they paid for; others still get 403.
    await t.db.query('UPDATE materials SET status = 3 WHERE id = $1', [mat]);
    const kept = await t.app.inject({ url: `/api/order/download/${mat}`, headers: owner.auth });
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(original)).toBe(true);
    expect((await call(t.app, 'GET', `/api/order/download/${mat}`, stranger.auth)).status).toBe(403);
    await t.db.query('UPDATE materials SET status = 1 WHERE id = $1', [mat]);

    const hist = (await call(t.app, 'GET', '/api/order/history/list', owner.auth)).body.data;
    expect(hist.list.map((h: any) => h.kind).sort()).toEqual(['certificate', 'original', 'original']);
    expect((await call(t.app, 'GET', '/api/order/history/list', stranger.auth)).body.data.total).toBe(0);
  });

  it('builds a safe Content-Disposition with an RFC 5987 filename*', () => {
    const h = contentDisposition('a"b\r\n/熊猫.mp4');
    expect(h).toBe(
      `attachment; filename="a_b___${'__'}.mp4"; filename*=UTF-8''a_b___${encodeURIComponent('熊猫')}.mp4`,
    );
  });
});
