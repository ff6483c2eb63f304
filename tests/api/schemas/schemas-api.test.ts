import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { noisePng } from '../../helpers/media.js';
import { validateWith } from '../../../server/src/schemas/store.js';

const DEPOSIT = encodeURIComponent('lumen:rules/deposit');
const IMAGE_RULE = 'lumen:rules/deposit#image';

describe('/api/schemas: staff rule editing with versions', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  let png3mb: Buffer;

  beforeAll(async () => {
    t = await makeTestApp();
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
    buyer = await makeUser(t.db);
    png3mb = await noisePng(1000, 1000);
  });
  afterAll(() => t.close());

  const current = async () => (await t.app.inject({ url: `/api/schemas/${DEPOSIT}` })).json().data;
  const checkFile = (buf: Buffer, auth = staff.auth) =>
    t.app.inject({
      method: 'POST',
      url: `/api/schemas/check-file?rule=${encodeURIComponent(IMAGE_RULE)}&filename=photo.png`,
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      payload: buf,
    });
  const depositForm = (size: number) => ({
    files: [{ name: 'photo.png', size, type: 'image/png', width: 1000, height: 1000 }],
  });
  const inlineValidate = (size: number) =>
    // A form field that points at the rule by reference, validated by the server's current validators.
    validateWith(t.app, 'lumen:forms/certification-personal', {
      certificateType: 1,
      realName: '张三',
      certificate: 'ACCOUNT_BOOK',
      certificateNo: '12345678',
      frontImage: depositForm(size).files,
    });

  it('lists every schema with its current version, and serves one publicly', async () => {
    const r = await t.app.inject({ url: '/api/schemas' });
    expect(r.statusCode).toBe(200);
    const ids = r.json().data.list.map((x: any) => x.id);
    expect(ids).toContain('lumen:rules/deposit');
    expect(ids).toContain('lumen:enums/work-category');
    const one = await current();
    expect(one).toMatchObject({ id: 'lumen:rules/deposit', version: 0 });
    expect(one.body['x-rules'].image.maxBytes).toBe(5 * 1024 * 1024);
    expect((await t.app.inject({ url: '/api/schemas/rules%2Fdeposit' })).json().data.id).toBe('lumen:rules/deposit');
    expect((await t.app.inject({ url: '/api/schemas/lumen%3Anope' })).statusCode).toBe(404);
  });

  it('a 3 MB image passes the 5 MB rule on the server', async () => {
    expect(png3mb.length).toBeGreaterThan(2 * 1024 * 1024);
    const r = await checkFile(png3mb);
    expect(r.json()).toMatchObject({ success: true, data: { meta: { type: 'image/png', width: 1000, height: 1000 } } });
  });

  it('refuses non-staff with 403 and visitors with 401', async () => {
    const body = structuredClone((await current()).body);
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/schemas/${DEPOSIT}`,
      headers: buyer.auth,
      payload: { body },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe('没有权限');
    expect((await t.app.inject({ method: 'PUT', url: `/api/schemas/${DEPOSIT}`, payload: { body } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: `/api/schemas/${DEPOSIT}/versions`, headers: buyer.auth })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/schemas/${DEPOSIT}/rollback`,
          headers: buyer.auth,
          payload: { version: 0 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('staff lowers the image limit to 2 MB: the server refuses the 3 MB image with the new message at once', async () => {
    const body = structuredClone((await current()).body);
    body['x-rules'].image.maxBytes = 2 * 1024 * 1024;
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/schemas/${DEPOSIT}`,
      headers: staff.auth,
      payload: { body, note: '图片改为2MB', baseVersion: 0 },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      version: 1,
      diff: [{ path: '/x-rules/image/maxBytes', op: 'replace', from: 5242880, to: 2097152 }],
    });
    expect((await current()).version).toBe(1);

    const refused = await checkFile(png3mb);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过2MB');
  });

  it('the server validators of forms use the new version of a referenced rule without restart', async () => {
    const cert = await t.app.inject({ url: `/api/schemas/${encodeURIComponent('lumen:rules/certification')}` });
    const body = structuredClone(cert.json().data.body);
    expect(await inlineValidate(3 * 1024 * 1024)).toEqual([]);
    body['x-rules'].image.maxBytes = 2 * 1024 * 1024;
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/schemas/${encodeURIComponent('lumen:rules/certification')}`,
      headers: staff.auth,
      payload: { body },
    });
    expect(r.statusCode).toBe(200);
    expect(await inlineValidate(3 * 1024 * 1024)).toEqual(['请上传JPG/PNG/JPEG格式图片，大小不超过2MB']);
    expect(await inlineValidate(1024 * 1024)).toEqual([]);
  });

  it('a stale baseVersion is refused with 409 and nothing is stored', async () => {
    const body = structuredClone((await current()).body);
    body['x-rules'].image.maxCount = 2;
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/schemas/${DEPOSIT}`,
      headers: staff.auth,
      payload: { body, baseVersion: 0 },
    });
    expect(r.statusCode).toBe(409);
    expect((await current()).version).toBe(1);
  });

  it('refuses bad schemas with the reason in Chinese', async () => {
    const base = (await current()).body;
    const put = (body: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/schemas/${DEPOSIT}`, headers: staff.auth, payload: { body } });
    const cases: Array<[(b: any) => void, RegExp]> = [
      [
        (b) => {
          b['x-rules'].image.maxBytes = '2MB';
        },
        /上传规则不符合规则对象结构.*\/x-rules\/image\/maxBytes.*大小上限/,
      ],
      [
        (b) => {
          b['x-rules'].image.maxCount = 0;
        },
        /文件数上限不能小于1/,
      ],
      [
        (b) => {
          delete b['x-rules'].image.extensions;
        },
        /请填写扩展名/,
      ],
      [
        (b) => {
          b['x-work-categories']['2'] = 'missing';
        },
        /作品类别 2 指向不存在的规则 "missing"/,
      ],
      [
        (b) => {
          b.type = 'objekt';
        },
        /不符合 JSON Schema 规范/,
      ],
      [
        (b) => {
          b.propertiez = {};
        },
        /未知关键字 "propertiez"/,
      ],
      [
        (b) => {
          b.$id = 'lumen:rules/other';
        },
        /\$id 必须保持为 lumen:rules\/deposit/,
      ],
      [
        (b) => {
          delete b.description;
        },
        /缺少说明/,
      ],
    ];
    for (const [mutate, reason] of cases) {
      const body = structuredClone(base);
      mutate(body);
      const r = await put(body);
      expect(r.statusCode, String(reason)).toBe(400);
      expect(r.json().msg, String(reason)).toMatch(/^规则无效：/);
      expect(r.json().msg, String(reason)).toMatch(reason);
    }
    const enumId = encodeURIComponent('lumen:enums/media');
    const media = (await t.app.inject({ url: `/api/schemas/${enumId}` })).json().data.body;
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/schemas/${enumId}`,
      headers: staff.auth,
      payload: { body: { ...media, oneOf: [{ $ref: 'lumen:enums/nope' }] } },
    });
    expect(r.json().msg).toMatch(/引用的模式不存在：lumen:enums\/nope/);
    expect((await current()).version).toBe(1);
  });

  it('lists versions with author, note and diff, newest first, the bundled file last', async () => {
    const r = await t.app.inject({ url: `/api/schemas/${DEPOSIT}/versions`, headers: staff.auth });
    const list = r.json().data.list;
    expect(list.map((v: any) => v.version)).toEqual([1, 0]);
    expect(list[0]).toMatchObject({
      authorId: staff.id,
      note: '图片改为2MB',
      diff: [{ path: '/x-rules/image/maxBytes' }],
    });
    expect(list[0].createdAt).toBeTruthy();
    expect(list[1]).toMatchObject({ version: 0, note: '内置版本' });
  });

  it('rollback to the bundled version makes the 3 MB image acceptable again', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/schemas/${DEPOSIT}/rollback`,
      headers: staff.auth,
      payload: { version: 0 },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      version: 2,
      diff: [{ path: '/x-rules/image/maxBytes', from: 2097152, to: 5242880 }],
    });
    expect((await checkFile(png3mb)).json().success).toBe(true);
    const versions = (await t.app.inject({ url: `/api/schemas/${DEPOSIT}/versions`, headers: staff.auth })).json().data
      .list;
    expect(versions[0]).toMatchObject({ version: 2, note: '回滚到版本 0' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/schemas/${DEPOSIT}/rollback`,
          headers: staff.auth,
          payload: { version: 9 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('meta-schemas cannot be edited online; file checks need a login', async () => {
    const id = encodeURIComponent('lumen:meta/upload-rule');
    const body = (await t.app.inject({ url: `/api/schemas/${id}` })).json().data.body;
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/schemas/${id}`,
      headers: staff.auth,
      payload: { body: { ...body, title: 'x' } },
    });
    expect(r.statusCode).toBe(400);
    const login = encodeURIComponent('lumen:forms/login');
    const loginBody = (await t.app.inject({ url: `/api/schemas/${login}` })).json().data.body;
    const l = await t.app.inject({
      method: 'PUT',
      url: `/api/schemas/${login}`,
      headers: staff.auth,
      payload: { body: { ...loginBody, title: '登录' } },
    });
    expect(l.statusCode).toBe(400);
    expect(l.json().msg).toBe('登录表单的校验与提示由规格固定，不能在线修改');
    expect((await checkFile(png3mb, {} as any)).statusCode).toBe(401);
  });
});
