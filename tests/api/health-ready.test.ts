import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';

describe('liveness and readiness (/api/health/live, /api/health/ready)', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t?.close());

  const ready = async () => {
    const res = await t.app.inject('/api/health/ready');
    return { status: res.statusCode, body: res.json() };
  };

  it('live answers while the process runs; ready checks the database, migrations, the file store and the log', async () => {
    const live = await t.app.inject('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json().data).toEqual({ live: true });
    const r = await ready();
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      ready: true,
      checks: { db: { ok: true }, migrations: { ok: true }, storage: { ok: true }, evidenceLog: { ok: true } },
    });
    // The probe file is gone again.
    expect(await t.app.storage.list('health/')).toEqual([]);
  });

  it('is 503 while a migration of this code is not applied, naming it; ready again once it is', async () => {
    const last = (
      await t.db.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY applied_at DESC, name DESC LIMIT 1',
      )
    ).rows[0].name;
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
    try {
      const r = await ready();
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ success: false, msg: '服务未就绪' });
      expect(r.body.data.ready).toBe(false);
      expect(r.body.data.checks.migrations).toEqual({ ok: false, detail: `1 pending: ${last}` });
      expect(r.body.data.checks.db).toEqual({ ok: true });
    } finally {
      await t.db.query('INSERT INTO schema_migrations(name) VALUES ($1)', [last]);
    }
    expect((await ready()).status).toBe(200);
  });

  it('is 503 when the file store refuses writes, with the store error for the operator', async () => {
    const put = t.app.storage.put;
    t.app.storage.put = async () => {
      throw new Error('EROFS: read-only file system');
    };
    try {
      const r = await ready();
      expect(r.status).toBe(503);
      expect(r.body.data.checks.storage).toEqual({ ok: false, detail: 'EROFS: read-only file system' });
      expect(r.body.data.checks.migrations).toEqual({ ok: true });
    } finally {
      t.app.storage.put = put;
    }
    expect((await ready()).status).toBe(200);
  });

  it('keeps GET /api/health as it was', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'up', evidenceLog: 'ok', seedPending: 0 });
  });
});
