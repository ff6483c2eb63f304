import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { jpeg, noisePng } from '../../helpers/media.js';
import { formWithFiles, metaOf, tinyPdf } from '../../helpers/multipart.js';
import { pdfTextLines } from '../../helpers/pdf-text.js';

describe('/api/protection/deposit', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let image: { filename: string; contentType: string; data: Buffer };

  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    image = { filename: '山川日出.jpg', contentType: 'image/jpeg', data: await jpeg(800, 600) };
  });
  afterAll(() => t?.close());

  const deposit = (who: typeof alice, data: object, files: Array<typeof image>) => {
    const body = formWithFiles(data, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/protection/deposit',
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
  };

  it('deposits an image: hashes it into the ledger, lists it, issues a certificate that verifies', async () => {
    const r = await deposit(
      alice,
      { workName: '山川日出', workCategory: 1, files: [metaOf(image, { width: 800, height: 600 })] },
      [image],
    );
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({
      status: 1,
      work_name: '山川日出',
      file_name: '山川日出.jpg',
      mime: 'image/jpeg',
      ledger_height: 0,
    });
    expect(d.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(d.cert_no).toMatch(/^LM\d{16}-[0-9A-Z]{6}$/);
    // Without its random check part the number finds nothing: certificates cannot be enumerated.
    expect((await t.app.inject({ url: `/api/protection/deposit/verify/${d.cert_no.slice(0, 18)}` })).statusCode).toBe(
      404,
    );
    // What is stored is what the server measured, not what the browser claimed.
    expect(d.files[0]).toMatchObject({ type: 'image/jpeg', width: 800, height: 600, size: image.data.length });

    const list = (await t.app.inject({ url: '/api/protection/deposit/list?status=1', headers: alice.auth })).json()
      .data;
    expect(list.total).toBe(1);
    expect(
      (await t.app.inject({ url: `/api/protection/deposit/${d.id}`, headers: alice.auth })).json().data.sha256,
    ).toBe(d.sha256);

    const cert = await t.app.inject({ url: `/api/protection/deposit/${d.id}/certificate`, headers: alice.auth });
    expect(cert.statusCode).toBe(200);
    expect(cert.headers['content-type']).toBe('application/pdf');
    expect(cert.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="[^"]*${d.cert_no}\\.pdf"; filename\\*=UTF-8''`),
    );
    expect(cert.headers['x-content-type-options']).toBe('nosniff');
    const pdf = await PDFDocument.load(cert.rawPayload);
    // Page 1 the certificate, page 2 the receipt it carries.
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe(`版权存证证书 ${d.cert_no}`);
    // The receipt rides along as an embedded file (catalog /Names /EmbeddedFiles).
    const names = pdf.catalog.lookup(PDFName.of('Names'), PDFDict);
    expect(names.lookup(PDFName.of('EmbeddedFiles'), PDFDict)).toBeTruthy();
    // The page itself names the certificate, the file and its hash (ASCII drawn, not blank).
    const [lines, receiptLines] = await pdfTextLines(cert.rawPayload);
    expect(receiptLines).toEqual(expect.arrayContaining(['存证回执（可离线验证）', `文件 SHA-256：${d.sha256}`]));
    // The signed checkpoint is printed as it is signed, signature line included.
    expect(receiptLines.some((l) => l.startsWith('-- '))).toBe(true);
    expect(lines.join('\n')).not.toContain('\uFFFD');
    expect(lines).toEqual(
      expect.arrayContaining([
        '版权存证证书',
        `证书编号：${d.cert_no}`,
        '作品名称：山川日出',
        '存证文件：山川日出.jpg',
        '日志叶子序号：0',
      ]),
    );
    expect(lines.join('')).toContain(d.sha256);

    const v = await t.app.inject({ url: `/api/protection/deposit/verify/${d.cert_no}` });
    expect(v.json().data).toMatchObject({ valid: true, sha256: d.sha256, workName: '山川日出' });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/protection/deposit/${d.id}/verify`, headers: alice.auth }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps other users out (404) and needs a login', async () => {
    const d = (await deposit(alice, { workName: '城市夜景', workCategory: 2, files: [metaOf(image)] }, [image])).json()
      .data;
    for (const url of [`/api/protection/deposit/${d.id}`, `/api/protection/deposit/${d.id}/certificate`]) {
      const r = await t.app.inject({ url, headers: bob.auth });
      expect(r.statusCode, url).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/protection/deposit/${d.id}/verify`, headers: bob.auth }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/protection/deposit/list', headers: bob.auth })).json().data.total).toBe(0);
    const anon = await t.app.inject({ url: '/api/protection/deposit/list' });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses a .jpg name carrying PDF bytes (type by content) and stores nothing', async () => {
    const fake = { filename: 'photo.jpg', contentType: 'image/jpeg', data: tinyPdf() };
    const before = (await t.app.inject({ url: '/api/protection/deposit/list', headers: alice.auth })).json().data.total;
    const r = await deposit(alice, { workName: '伪装图片', workCategory: 1, files: [metaOf(fake)] }, [fake]);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过5MB');
    expect(r.json().data.fieldErrors['/files']).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过5MB');
    expect((await t.app.inject({ url: '/api/protection/deposit/list', headers: alice.auth })).json().data.total).toBe(
      before,
    );
  });

  it('refuses what the schema refuses: missing name, unsupported category, wrong rule for the category', async () => {
    const noName = await deposit(alice, { workCategory: 1, files: [metaOf(image)] }, [image]);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().msg).toBe('请填写作品名称');
    const other = await deposit(alice, { workName: '其他', workCategory: 7, files: [metaOf(image)] }, [image]);
    expect(other.json().msg).toBe('该作品类别暂不支持存证');
    // A text work needs a PDF: the image is refused with the PDF rule's message.
    const text = await deposit(alice, { workName: '小说', workCategory: 4, files: [metaOf(image)] }, [image]);
    expect(text.json().msg).toBe('请上传PDF格式文件，大小不超过10MB');
    const pdf = { filename: '小说.pdf', contentType: 'application/pdf', data: tinyPdf() };
    expect(
      (await deposit(alice, { workName: '小说', workCategory: 4, files: [metaOf(pdf)] }, [pdf])).json().data.status,
    ).toBe(1);
  });

  it('verification detects a rewritten log leaf', async () => {
    const d = (await deposit(alice, { workName: '篡改测试', workCategory: 1, files: [metaOf(image)] }, [image])).json()
      .data;
    const before = (await t.app.inject({ url: `/api/protection/deposit/verify/${d.cert_no}` })).json().data;
    expect(before).toMatchObject({ valid: true, height: d.ledger_height });
    // The table refuses changes; an attacker with database rights has to switch the guard off first.
    await expect(
      t.db.query(`UPDATE evidence_log_leaves SET leaf = '\\x00' WHERE idx = $1`, [d.ledger_height]),
    ).rejects.toThrow(/append-only/);
    await t.db.exec('ALTER TABLE evidence_log_leaves DISABLE TRIGGER evidence_log_leaves_no_change');
    await t.db.query(
      `UPDATE evidence_log_leaves SET leaf = convert_to(replace(convert_from(leaf, 'UTF8'), $2, $3), 'UTF8') WHERE idx = $1`,
      [d.ledger_height, d.sha256, '0'.repeat(64)],
    );
    await t.db.exec('ALTER TABLE evidence_log_leaves ENABLE TRIGGER evidence_log_leaves_no_change');
    const v = (await t.app.inject({ url: `/api/protection/deposit/verify/${d.cert_no}` })).json().data;
    expect(v.valid).toBe(false);
    expect(v.reason).toBe('存证记录与日志叶子不一致');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/protection/deposit/${d.id}/verify`, headers: alice.auth }))
        .statusCode,
    ).toBe(409);
  });

  it('follows the deposit rule staff edit through /api/schemas: 5 MB -> 2 MB refuses a 3 MB image, rollback accepts it', async () => {
    const staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
    const png = { filename: '大图.png', contentType: 'image/png', data: await noisePng(1000, 1000) };
    expect(png.data.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const form = { workName: '大图', workCategory: 2, files: [metaOf(png, { width: 1000, height: 1000 })] };
    const id = encodeURIComponent('lumen:rules/deposit');
    const body = (await t.app.inject({ url: `/api/schemas/${id}` })).json().data.body;
    body['x-rules'].image.maxBytes = 2 * 1024 * 1024;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/schemas/${id}`,
      headers: staff.auth,
      payload: { body, note: '图片改为2MB' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const refused = await deposit(alice, form, [png]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过2MB');
    // The browser's claimed size is refused by the schema too; a lying client is refused by the bytes.
    const lying = await deposit(alice, { ...form, files: [{ ...form.files[0], size: 1024 }] }, [png]);
    expect(lying.json().msg).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过2MB');

    const back = await t.app.inject({
      method: 'POST',
      url: `/api/schemas/${id}/rollback`,
      headers: staff.auth,
      payload: { version: 0 },
    });
    expect(back.statusCode, back.body).toBe(200);
    const accepted = await deposit(alice, form, [png]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe(1);
  });
});
