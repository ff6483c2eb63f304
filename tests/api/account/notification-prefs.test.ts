import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { notify } from '../../../server/src/services/notifications.js';

describe('notification preferences: notify() skips the kinds a user turned off', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let u: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await makeTestApp();
    u = await makeUser(t.db);
  });
  afterAll(() => t?.close());

  it('receives every kind by default, then not the ones turned off', async () => {
    const all = (await call(t.app, 'GET', '/api/user/notification-prefs', u.auth)).body.data.kinds;
    expect(all).toEqual(expect.arrayContaining(['invoice', 'wallet', 'invite']));
    expect(await notify(t.db, u.id, { kind: 'invoice', title: '发票已开具' })).not.toBeNull();

    expect(
      (
        await call(t.app, 'PUT', '/api/user/notification-prefs', u.auth, {
          kinds: all.filter((k: string) => k !== 'invoice'),
        })
      ).status,
    ).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/notification-prefs', u.auth)).body.data.kinds).not.toContain('invoice');
    expect(await notify(t.db, u.id, { kind: 'invoice', title: '发票已开具' })).toBeNull();
    expect(await notify(t.db, u.id, { kind: 'wallet', title: '入账' })).not.toBeNull();
    const kinds = (await t.db.query('SELECT kind FROM notifications WHERE user_id = $1 ORDER BY id', [u.id])).rows.map(
      (r) => r.kind,
    );
    expect(kinds).toEqual(['invoice', 'wallet']);
    expect((await call(t.app, 'PUT', '/api/user/notification-prefs', u.auth, { kinds: ['lottery'] })).status).toBe(400);
  });
});
