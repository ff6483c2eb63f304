import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call, makeMaterial } from '../../helpers/trade.js';
import { metaOf, multipart } from '../../helpers/multipart.js';
import { jpeg } from '../../helpers/media.js';

const ID_NO = '11010519491231002X';
const USCC = '91350100M000100Y43';

type T = Awaited<ReturnType<typeof makeTestApp>>;
type U = Awaited<ReturnType<typeof makeUser>>;

describe('real-name certification: submit, staff review, account standing, audit log', () => {
  let t: T;
  let staff: U;
  let image: { filename: string; contentType: string; data: Buffer };
  beforeAll(async () => {
    t = await makeTestApp();
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
    image = { filename: '证件.jpg', contentType: 'image/jpeg', data: await jpeg(64, 40) };
  });
  afterAll(() => t.close());

  const post = (u: U, kind: 'personal' | 'company', data: Record<string, unknown>, fields: string[]) => {
    const form = { ...data, ...Object.fromEntries(fields.map((f) => [f, [metaOf(image)]])) };
    const body = multipart([
      { name: 'data', value: JSON.stringify(form) },
      ...fields.map((name) => ({ name, file: image })),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/user/certification/${kind}`,
      headers: { ...u.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const personal = (u: U, no = ID_NO) =>
    post(u, 'personal', { certificateType: 1, realName: '张三', certificate: 'ID_CARD', certificateNo: no }, [
      'frontImage',
      'backImage',
    ]);
  const company = (u: U, no = USCC) =>
    post(
      u,
      'company',
      {
        certificateType: 2,
        orgKind: 'organisation',
        companyName: '星火影像有限公司',
        certificate: 'BUSINESS_LICENSE',
        certificateNo: no,
        legalPerson: '李四',
      },
      ['licenseImage'],
    );

  it('refuses an ID card number whose check digit is wrong and a credit code whose check character is wrong, in Chinese', async () => {
    const u = await makeUser(t.db);
    const r = await personal(u, '110105194912310021');
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toContain('身份证号码有误');
    expect(r.json().data.fieldErrors['/certificateNo']).toContain('校验位');
    const c = await company(u, '91350100M000100Y44');
    expect(c.statusCode).toBe(400);
    expect(c.json().msg).toContain('统一社会信用代码校验位不正确');
    expect(
      (await t.db.query('SELECT count(*)::int AS n FROM certifications WHERE user_id = $1', [u.id])).rows[0].n,
    ).toBe(0);
  });

  it('refuses a personal ID card certification without the back image and a non-image file', async () => {
    const u = await makeUser(t.db);
    const noBack = await post(
      u,
      'personal',
      { certificateType: 1, realName: '张三', certificate: 'ID_CARD', certificateNo: ID_NO },
      ['frontImage'],
    );
    expect(noBack.statusCode).toBe(400);
    expect(noBack.json().msg).toContain('证件背面照片');
    const fake = { filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from('not an image at all') };
    const body = multipart([
      {
        name: 'data',
        value: JSON.stringify({
          certificateType: 2,
          orgKind: 'organisation',
          companyName: '星火影像',
          certificate: 'BUSINESS_LICENSE',
          certificateNo: USCC,
          legalPerson: '李四',
          licenseImage: [metaOf(fake)],
        }),
      },
      { name: 'licenseImage', file: fake },
    ]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/user/certification/company',
      headers: { ...u.auth, ...body.headers },
      payload: body.payload,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().data.fieldErrors['/licenseImage']).toBeTruthy();
  });

  it('stores the number masked only; one application waits at a time, also under parallel submits', async () => {
    const u = await makeUser(t.db);
    const results = await Promise.all([personal(u), personal(u), personal(u)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().msg).toContain('正在审核');
    const rows = (await t.db.query('SELECT * FROM certifications WHERE user_id = $1', [u.id])).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].certificate_no).toBe('110***********002X');
    expect(JSON.stringify(rows[0])).not.toContain('1949123');
    const me = (await call(t.app, 'GET', '/api/user/certification', u.auth)).body.data;
    expect(me.current).toMatchObject({ status: 0, certificateNo: '110***********002X', subjectName: '张三' });
    expect(me.current.images).toBeUndefined();
    expect(me.account.authLevel).toBe('personal');
  });

  it('company approval lets the account license company scenarios; enhanced is needed for film and TV', async () => {
    const u = await makeUser(t.db);
    const mat = await makeMaterial(t.app, t.db, { priceCents: 1000 });
    const order = (scenario: string) =>
      call(t.app, 'POST', '/api/trade/order', u.auth, { from: 'direct', items: [{ materialId: mat, scenario }] });
    expect((await order('enterprise_promotion')).status).toBe(403);

    expect((await company(u)).statusCode).toBe(200);
    const id = (await call(t.app, 'GET', '/api/user/certification', u.auth)).body.data.current.id;
    expect((await order('enterprise_promotion')).status).toBe(403); // pending grants nothing

    expect(
      (await call(t.app, 'POST', `/api/admin/certifications/${id}/approve`, u.auth, { authLevel: 'company' })).status,
    ).toBe(403);
    const wrong = await call(t.app, 'POST', `/api/admin/certifications/${id}/approve`, staff.auth, {
      authLevel: 'personal',
    });
    expect(wrong.status).toBe(400);
    const ok = await call(t.app, 'POST', `/api/admin/certifications/${id}/approve`, staff.auth, {
      authLevel: 'company',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.images.length).toBeGreaterThan(0);
    for (const img of ok.body.data.images) expect(img).not.toHaveProperty('key');
    expect(
      (await call(t.app, 'POST', `/api/admin/certifications/${id}/approve`, staff.auth, { authLevel: 'company' }))
        .status,
    ).toBe(409);

    const me = (await call(t.app, 'GET', '/api/user/certification', u.auth)).body.data;
    expect(me.account).toMatchObject({
      ownerType: 'ORGANISATIONS',
      enhancedAuth: false,
      companyName: '星火影像有限公司',
      authLevel: 'company',
    });
    const placed = await order('enterprise_promotion');
    expect(placed.status).toBe(200);
    const licensee = (
      await t.db.query('SELECT licensee_type, licensee_name FROM orders WHERE id = $1', [placed.body.data.id])
    ).rows[0];
    expect(licensee).toEqual({ licensee_type: 'ORGANISATIONS', licensee_name: '星火影像有限公司' });
    expect((await order('film_tv')).status).not.toBe(200);

    // A later certification approved as enhanced supersedes the first.
    expect((await company(u)).statusCode).toBe(200);
    const second = (await call(t.app, 'GET', '/api/user/certification', u.auth)).body.data.current.id;
    expect(
      (await call(t.app, 'POST', `/api/admin/certifications/${second}/approve`, staff.auth, { authLevel: 'enhanced' }))
        .status,
    ).toBe(200);
    expect((await order('film_tv')).status).toBe(200);
    const statuses = (
      await t.db.query('SELECT id, status FROM certifications WHERE user_id = $1 ORDER BY id', [u.id])
    ).rows.map((r) => r.status);
    expect(statuses).toEqual([3, 1]);
  });

  it('rejection keeps the account as it was, shows the reason, allows a new application; both are in the audit log', async () => {
    const u = await makeUser(t.db);
    expect((await company(u)).statusCode).toBe(200);
    const id = (await call(t.app, 'GET', '/api/user/certification', u.auth)).body.data.current.id;
    expect(
      (await call(t.app, 'POST', `/api/admin/certifications/${id}/reject`, staff.auth, { reason: ' ' })).status,
    ).toBe(400);
    expect(
      (await call(t.app, 'POST', `/api/admin/certifications/${id}/reject`, staff.auth, { reason: '营业执照照片模糊' }))
        .status,
    ).toBe(200);
    const me = (await call(t.app, 'GET', '/api/user/certification', u.auth)).body.data;
    expect(me.current).toMatchObject({ status: 2, rejectReason: '营业执照照片模糊' });
    const inbox = (
      await t.db.query(`SELECT title, body FROM notifications WHERE user_id = $1 AND kind = 'certification'`, [u.id])
    ).rows;
    expect(inbox).toEqual([{ title: '实名认证未通过', body: expect.stringContaining('营业执照照片模糊') }]);
    expect(me.account.ownerType).toBe('PERSONAL');
    expect((await company(u)).statusCode).toBe(200);

    const log = (
      await call(t.app, 'GET', `/api/admin/audit-log/list?targetType=certification&targetId=${id}`, staff.auth)
    ).body.data;
    expect(log.list).toHaveLength(1);
    expect(log.list[0]).toMatchObject({
      action: 'certification.reject',
      actorId: staff.id,
      before: { status: 0 },
      after: { status: 2, rejectReason: '营业执照照片模糊' },
    });
    const approvals = (await call(t.app, 'GET', '/api/admin/audit-log/list?action=certification.approve', staff.auth))
      .body.data;
    expect(approvals.total).toBeGreaterThanOrEqual(2);
    expect(approvals.list[0].before.account).toHaveProperty('authLevel');
    expect((await call(t.app, 'GET', '/api/admin/audit-log/list', u.auth)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/audit-log/list?action=DROP%20TABLE', staff.auth)).status).toBe(400);
  });

  it('document images are read by staff only, from the queue with the applicant', async () => {
    const u = await makeUser(t.db);
    expect((await personal(u)).statusCode).toBe(200);
    const queue = (await call(t.app, 'GET', '/api/admin/certifications/list?status=0&pageSize=100', staff.auth)).body
      .data;
    const row = queue.list.find((r: any) => Number(r.userId) === u.id);
    expect(row).toBeTruthy();
    // Staff see each image by its number, in the queue as in the detail: storage keys stay inside.
    const images: Array<Record<string, unknown>> = row.images;
    expect(images.map((i) => [i.field, i.n, i.key])).toEqual([
      ['frontImage', 0, undefined],
      ['backImage', 1, undefined],
    ]);
    const detail = (await call(t.app, 'GET', `/api/admin/certifications/${row.id}`, staff.auth)).body.data;
    expect(detail.images.map((i: any) => i.field)).toEqual(['frontImage', 'backImage']);
    expect(detail).toMatchObject({ userName: expect.any(String), account: { authLevel: 'personal' } });
    expect(detail.images[0].key).toBeUndefined();
    const img = await t.app.inject({
      method: 'GET',
      url: `/api/admin/certifications/${row.id}/images/1`,
      headers: staff.auth,
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toBe('private, no-store');
    expect(img.rawPayload.equals(image.data)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/certifications/${row.id}/images/1`, headers: u.auth }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/certifications/${row.id}/images/5`, headers: staff.auth }))
        .statusCode,
    ).toBe(404);
  });
});
