import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../server/src/app.js';
import { openDb, type Db } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';
import { freshSchema, makeTestApp, makeUser } from '../helpers/app.js';
import type { FastifyInstance } from 'fastify';

/**
 * State that several app servers must agree on lives in the database: two apps on one database
 * stand for two servers behind a load balancer (the real multi-process proof is tests/api/scale-out).
 */
describe('shared state across app servers', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await makeTestApp();
    second = await buildApp({ config: t.app.config, db: t.db, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('a rate limit hit on one server holds on the other', async () => {
    const send = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/baidu/uploadConvertData',
        remoteAddress: '10.9.8.7',
        payload: { type: 49, url: 'https://lumen.example/?bd_vid=x1' },
      });
    for (let i = 0; i < 20; i++) expect((await send(t.app)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await send(second)).statusCode).toBe(200);
    // The 31st request in the window is refused, whichever server it reaches.
    expect((await send(second)).statusCode).toBe(429);
    expect((await send(t.app)).statusCode).toBe(429);
  });

  it('parallel hits are all counted (the increment is one atomic upsert)', async () => {
    const rs = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? t.app : second).inject({
          method: 'POST',
          url: '/api/baidu/uploadConvertData',
          remoteAddress: '10.9.8.8',
          payload: { type: 49, url: 'https://lumen.example/?bd_vid=x2' },
        }),
      ),
    );
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(30);
    expect(rs.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });

  it('home aggregates are one stored value that every server serves', async () => {
    const first = (await t.app.inject({ url: '/api/index/categories' })).json().data;
    // A new category after the first server computed the figures: a server with its own cache
    // would compute afresh and answer differently within the minute.
    await t.db.query(`INSERT INTO categories(type, name, sort) VALUES (1, '新分类', 99)`);
    const fromSecond = (await second.inject({ url: '/api/index/categories' })).json().data;
    expect(fromSecond).toEqual(first);
    // Once stale, whichever server asks recomputes for all.
    await t.db.query(`UPDATE cached_aggregates SET computed_at = now() - interval '2 minutes'`);
    const fresh = (await second.inject({ url: '/api/index/categories' })).json().data;
    expect(fresh.some((c: { name: string }) => c.name === '新分类')).toBe(true);
    expect((await t.app.inject({ url: '/api/index/categories' })).json().data).toEqual(fresh);
  });
});

describe('a schema saved on one server applies on every other at once', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let secondDb: Db;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await makeTestApp();
    // Its own connection pool on the same database: another server process in effect.
    if (t.databaseUrl) secondDb = await openDb({ databaseUrl: t.databaseUrl });
    else secondDb = t.db; // PGlite is one process: both apps share its one schema store
    second = await buildApp({ config: t.app.config, db: secondDb, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    if (secondDb !== t.db) await secondDb.close();
    await t.close();
  });

  it('the other server serves the new version on its next request (NOTIFY), not after its cache time', async () => {
    const id = encodeURIComponent('lumen:licence/use-cases');
    const before = (await second.inject({ url: `/api/schemas/${id}` })).json().data;
    const staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
    const body = structuredClone(before.body);
    body.title = `${body.title}（修订）`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/schemas/${id}`,
      headers: staff.auth,
      payload: { body },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The notification travels over the second server's listening connection.
    let after = before;
    for (let i = 0; i < 50 && after.version === before.version; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = (await second.inject({ url: `/api/schemas/${id}` })).json().data;
    }
    expect(after.version).toBe(before.version + 1);
    expect(after.body.title).toBe(body.title);
  });
});

describe('migrations run once when servers start together', () => {
  const files = fs
    .readdirSync(path.join(import.meta.dirname, '../../server/src/db/migrations'))
    .filter((f) => f.endsWith('.sql'));

  it('three concurrent migrate() calls apply each file exactly once', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const dbs: Db[] = [];
    const fresh = url ? await freshSchema(url, 'mig') : null;
    if (fresh) {
      for (let i = 0; i < 3; i++) dbs.push(await openDb({ databaseUrl: fresh.url }));
    } else {
      // PGlite is one process's database: the same guarantee for concurrent calls on it.
      const one = await openDb({ pgliteDir: 'memory://' });
      dbs.push(one, one, one);
    }
    try {
      const applied = await Promise.all(dbs.map((d) => migrate(d)));
      expect(applied.flat().sort()).toEqual([...files].sort());
      const rows = (await dbs[0].query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0];
      expect(rows.n).toBe(files.length);
    } finally {
      for (const d of new Set(dbs)) await d.close();
      await fresh?.drop();
    }
  });
});
