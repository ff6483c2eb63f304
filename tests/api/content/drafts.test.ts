import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import type { Db } from '../../../server/src/db/index.js';
import { schemas } from '../../../src/schemas/index.js';

describe('/api/drafts: autosaved application drafts with a schema-set lifetime', () => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    ({ app, db, close } = await makeTestApp());
    alice = await makeUser(db);
    bob = await makeUser(db);
    staff = await makeUser(db, { roles: ['buyer', 'staff'] });
  });
  afterAll(() => close());

  it('autosave creates then updates one draft; the owner lists, resumes and deletes it; others cannot see it', async () => {
    expect(
      (await call(app, 'POST', '/api/drafts', undefined, { formId: 'lumen:forms/deposit', data: {} })).status,
    ).toBe(401);
    const first = await call(app, 'POST', '/api/drafts', alice.auth, {
      formId: 'lumen:forms/deposit',
      data: { workCategory: 1 },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.title).toBe('版权存证');
    const id = first.body.data.id as number;
    const again = await call(app, 'POST', '/api/drafts', alice.auth, {
      id,
      formId: 'lumen:forms/deposit',
      data: { workCategory: 1, workName: '山水长卷' },
    });
    expect(again.body.data).toMatchObject({ id, title: '版权存证：山水长卷' });
    // 30 days from the last change (the bundled policy).
    const days = (Date.parse(again.body.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const list = (await call(app, 'GET', '/api/drafts', alice.auth)).body.data;
    expect(list.list).toEqual([
      expect.objectContaining({ id, formId: 'lumen:forms/deposit', title: '版权存证：山水长卷' }),
    ]);
    expect(list.forms['lumen:forms/deposit'].resume).toBe('/cyprotect/mydeposit?action=create');
    expect((await call(app, 'GET', `/api/drafts/${id}`, alice.auth)).body.data.data).toEqual({
      workCategory: 1,
      workName: '山水长卷',
    });

    expect((await call(app, 'GET', `/api/drafts/${id}`, bob.auth)).status).toBe(404);
    expect(
      (
        await call(app, 'POST', '/api/drafts', bob.auth, {
          id,
          formId: 'lumen:forms/deposit',
          data: { workName: '抢' },
        })
      ).status,
    ).toBe(404);
    expect((await call(app, 'DELETE', `/api/drafts/${id}`, bob.auth)).status).toBe(404);
    expect((await call(app, 'GET', '/api/drafts', bob.auth)).body.data.list).toEqual([]);

    expect((await call(app, 'DELETE', `/api/drafts/${id}`, alice.auth)).status).toBe(200);
    expect((await call(app, 'GET', `/api/drafts/${id}`, alice.auth)).status).toBe(404);
  });

  it('only forms the policy lists keep drafts; oversized drafts are refused', async () => {
    const r = await call(app, 'POST', '/api/drafts', alice.auth, { formId: 'lumen:forms/login', data: {} });
    expect(r).toMatchObject({ status: 400, body: { msg: '该表单不支持保存草稿' } });
    expect((await call(app, 'POST', '/api/drafts', alice.auth, { formId: 'not a form', data: {} })).status).toBe(400);
    const big = await call(app, 'POST', '/api/drafts', alice.auth, {
      formId: 'lumen:forms/deposit',
      data: { note: 'x'.repeat(300_000) },
    });
    expect(big.status).toBe(413);
  });

  it('an expired draft is neither listed nor resumable nor updatable, and is deleted on the next list', async () => {
    const { id } = (
      await call(app, 'POST', '/api/drafts', alice.auth, {
        formId: 'lumen:forms/registration',
        data: { workName: '旧稿' },
      })
    ).body.data;
    await db.query(`UPDATE service_drafts SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await call(app, 'GET', `/api/drafts/${id}`, alice.auth)).status).toBe(404);
    expect(
      (await call(app, 'POST', '/api/drafts', alice.auth, { id, formId: 'lumen:forms/registration', data: {} })).status,
    ).toBe(404);
    expect((await call(app, 'GET', '/api/drafts', alice.auth)).body.data.list).toEqual([]);
    expect((await db.query('SELECT count(*)::int AS n FROM service_drafts WHERE id = $1', [id])).rows[0].n).toBe(0);
  });

  it('staff set the lifetime and the limit in the schema; parallel autosaves cannot pass the limit', async () => {
    const body = structuredClone(schemas['lumen:cyprotect/drafts']) as Record<string, any>;
    body['x-drafts'].maxPerUser = 0;
    const refused = await call(app, 'PUT', `/api/schemas/${encodeURIComponent('lumen:cyprotect/drafts')}`, staff.auth, {
      body,
      note: '测试',
      baseVersion: 0,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('每个账号最多草稿数必须是1到500的整数');

    body['x-drafts'].maxPerUser = 3;
    body['x-drafts'].ttlDays = 2;
    const saved = await call(app, 'PUT', `/api/schemas/${encodeURIComponent('lumen:cyprotect/drafts')}`, staff.auth, {
      body,
      note: '草稿保存2天，最多3份',
      baseVersion: 0,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(app, 'POST', '/api/drafts', bob.auth, {
          formId: 'lumen:forms/dci-registration',
          data: { workName: `作品${i}` },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)[0].body.msg).toBe('草稿最多保存 3 份，请先删除不需要的草稿');
    const days = (Date.parse(results.find((r) => r.status === 200)!.body.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1.9);
    expect(days).toBeLessThanOrEqual(2);
  });
});
