import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { addEarning } from '../../../server/src/repositories/withdrawals.js';
import { searchVector } from '../../../server/src/search/vector.js';

describe('/api/user/works and /api/user/withdrawal (creator centre)', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let creator: Awaited<ReturnType<typeof makeUser>>;
  let other: Awaited<ReturnType<typeof makeUser>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  let workId: number;
  let otherWorkId: number;

  beforeAll(async () => {
    t = await makeTestApp();
    creator = await makeUser(t.db, { roles: ['buyer', 'creator'] });
    other = await makeUser(t.db, { roles: ['buyer', 'creator'] });
    buyer = await makeUser(t.db);
    const ins = (owner: number, title: string, status: number) =>
      t.db.query<{ id: number }>(
        'INSERT INTO materials(type, title, owner_id, status, price_cents) VALUES (11, $1, $2, $3, 9900) RETURNING id',
        [title, owner, status],
      );
    workId = Number((await ins(creator.id, '山川日出', 1)).rows[0].id);
    await ins(creator.id, '城市夜景', 3);
    otherWorkId = Number((await ins(other.id, '别人的作品', 1)).rows[0].id);
    await addEarning(t.db, creator.id, 30000, '素材销售');
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who = creator, payload?: object) =>
    t.app.inject({ method, url, headers: who.auth, payload });

  it("lists only the creator's works, with status filter and sorting", async () => {
    const all = (await call('GET', '/api/user/works/list?sort=price_cents&order=asc')).json().data;
    expect(all.total).toBe(2);
    expect(all.list.map((w: any) => w.title).sort()).toEqual(['城市夜景', '山川日出']);
    expect((await call('GET', '/api/user/works/list?status=3')).json().data.list.map((w: any) => w.title)).toEqual([
      '城市夜景',
    ]);
    expect((await call('GET', '/api/user/works/list?title_like=山川')).json().data.total).toBe(1);
    expect((await call('GET', `/api/user/works/${otherWorkId}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/user/works/list', buyer)).statusCode).toBe(403);
  });

  it('edits metadata with the work form: a work on sale gets a revision; takes down and relists', async () => {
    const edited = await call('PUT', `/api/user/works/${workId}`, creator, {
      title: '山川日出·晨雾',
      description: '黄山清晨',
      tags: ['山川', '日出'],
      price: 128,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The approved version stays on sale until staff approve the revision (tests/api/review).
    expect(edited.json().data).toMatchObject({ title: '山川日出', price_cents: 9900, status: 1, revision_status: 0 });
    expect((await call('PUT', `/api/user/works/${workId}`, creator, { title: '山' })).json().msg).toBe(
      '作品标题需为2至60个字',
    );
    expect((await call('PUT', `/api/user/works/${otherWorkId}`, creator, { title: '抢别人的作品' })).statusCode).toBe(
      404,
    );

    expect((await call('POST', `/api/user/works/${workId}/relist`)).statusCode).toBe(409); // on sale, not taken down
    expect((await call('POST', `/api/user/works/${workId}/takedown`)).json().data.status).toBe(2);
    expect((await call('POST', `/api/user/works/${workId}/relist`)).json().data.status).toBe(1);
    expect((await call('POST', `/api/user/works/${otherWorkId}/takedown`)).statusCode).toBe(404);
  });

  it('an edited work ranks by where the keyword is: title hits above its tag-only hit, its title hit above tag-only hits', async () => {
    const other = async (title: string, tags: string[], downloads: number) =>
      Number(
        (
          await t.db.query<{ id: number }>(
            `INSERT INTO materials(type, title, tags, status, price_cents, downloads, search_tokens) VALUES (11, $1, $2, 1, 100, $3, $4::tsvector) RETURNING id`,
            [title, tags, downloads, searchVector({ title, tags, description: '' })],
          )
        ).rows[0].id,
      );
    const edit = async (title: string, tags: string[]) => {
      // A draft takes the edit directly (an approved work would get a revision instead).
      const id = Number(
        (
          await t.db.query<{ id: number }>(
            "INSERT INTO materials(type, title, owner_id, status, price_cents, downloads) VALUES (11, '待编辑', $1, 9, 100, 500) RETURNING id",
            [creator.id],
          )
        ).rows[0].id,
      );
      expect((await call('PUT', `/api/user/works/${id}`, creator, { title, tags, price: 1 })).statusCode).toBe(200);
      await t.db.query('UPDATE materials SET status = 1 WHERE id = $1', [id]);
      return id;
    };
    const search = async (keyword: string) =>
      (await call('GET', `/api/index/search?${new URLSearchParams({ keyword })}`, buyer))
        .json()
        .data.list.map((m: any) => m.id);
    // The work (more popular) has the keyword only as a tag: the unpopular title hit comes first.
    const titleHit = await other('霁青色的远山', [], 0);
    const tagWork = await edit('清晨湖面', ['霁青']);
    expect(await search('霁青')).toEqual([titleHit, tagWork]);
    // The work has it in its title: above a more popular tag-only hit.
    const tagOnly = await other('山间小路', ['黛蓝'], 999);
    const titleWork = await edit('黛蓝色的海湾', ['海湾']);
    expect(await search('黛蓝')).toEqual([titleWork, tagOnly]);
  });

  it('withdraws within the available earnings and refuses more', async () => {
    expect((await call('GET', '/api/user/withdrawal/summary')).json().data).toMatchObject({
      earnedCents: 30000,
      availableCents: 30000,
    });
    const form = { amount: 200, channel: 'alipay', accountName: '山川', accountNo: 'shanchuan@example.com' };
    const w = await call('POST', '/api/user/withdrawal', creator, form);
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json().data).toMatchObject({ amount_cents: 20000, status: 0, account_name: '山川' });
    const over = await call('POST', '/api/user/withdrawal', creator, { ...form, amount: 100.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe('提现金额超过可提现收益（可提现 ¥100.00）');
    expect(over.json().data.fieldErrors['/amount']).toBeTruthy();
    expect((await call('POST', '/api/user/withdrawal', creator, { ...form, amount: 0.5 })).json().msg).toBe(
      '提现金额不能少于1元',
    );
    expect((await call('GET', `/api/user/withdrawal/${w.json().data.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/user/withdrawal/list', other)).json().data.total).toBe(0);
    // Cancelling releases the held amount.
    expect((await call('POST', `/api/user/withdrawal/${w.json().data.id}/cancel`)).json().data.status).toBe(3);
    expect((await call('GET', '/api/user/withdrawal/summary')).json().data.availableCents).toBe(30000);
    expect((await call('GET', '/api/user/withdrawal/list')).json().data.total).toBe(1);
  });

  it('two concurrent withdrawals cannot overdraw', async () => {
    const form = { amount: 200, channel: 'bank', accountName: '山川', accountNo: '6225880212345678' };
    const rs = await Promise.all([
      call('POST', '/api/user/withdrawal', creator, form),
      call('POST', '/api/user/withdrawal', creator, form),
    ]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
