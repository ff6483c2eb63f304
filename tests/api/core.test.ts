import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { migrate } from '../../server/src/db/migrate.js';

describe('core server', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('answers health in the envelope', async () => {
    const r = await t.app.inject('/api/health');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 200, success: true, data: { status: 'up' } });
  });

  it('answers unknown /api paths with a 404 envelope in Chinese', async () => {
    const r = await t.app.inject('/api/nope');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 404, success: false, msg: '接口不存在' });
  });

  it('migrations are applied once', async () => {
    expect(await migrate(t.db)).toEqual([]);
  });

  it('a session token resolves its user; a revoked or unknown one does not', async () => {
    const u = await makeUser(t.db);
    const { findSessionUser, revokeSession } = await import('../../server/src/repositories/sessions.js');
    expect(await findSessionUser(t.db, u.token)).toBe(u.id);
    expect(await findSessionUser(t.db, 'not-a-token')).toBeNull();
    await revokeSession(t.db, u.token);
    expect(await findSessionUser(t.db, u.token)).toBeNull();
  });
});
