import { describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';

/**
 * The API suite's apps borrow one migrated database per worker (tests/helpers/reused-db.ts): the
 * next app must find it as migrations leave it, whatever the last one wrote or reshaped.
 */
describe('the reused test database', () => {
  const count = async (t: Awaited<ReturnType<typeof makeTestApp>>, sql: string) =>
    Number((await t.db.query<{ n: number }>(sql)).rows[0].n);

  it('comes back empty, with the template rows and sequences, and a reshaped one is replaced', async () => {
    const first = await makeTestApp();
    const cmsRows = await count(first, 'SELECT count(*) AS n FROM cms_entries');
    const migrations = await count(first, 'SELECT count(*) AS n FROM schema_migrations');
    const user = await makeUser(first.db);
    await first.db.query('DELETE FROM cms_entries');
    await first.close();

    const second = await makeTestApp();
    expect(await count(second, 'SELECT count(*) AS n FROM users')).toBe(0);
    expect(await count(second, 'SELECT count(*) AS n FROM sessions')).toBe(0);
    expect(await count(second, 'SELECT count(*) AS n FROM cms_entries')).toBe(cmsRows);
    expect(await count(second, 'SELECT count(*) AS n FROM schema_migrations')).toBe(migrations);
    // The users sequence starts again where the template left it: the same id comes out.
    expect((await makeUser(second.db)).id).toBe(user.id);
    await second.db.exec(`CREATE TABLE left_behind (id int)`);
    await second.close();

    const third = await makeTestApp();
    expect(await count(third, `SELECT count(*) AS n FROM pg_class WHERE relname = 'left_behind'`)).toBe(0);
    // While one app holds the reused database, a second gets one of its own.
    const beside = await makeTestApp();
    await makeUser(beside.db);
    expect(await count(third, 'SELECT count(*) AS n FROM users')).toBe(0);
    await beside.close();
    await third.close();
  });
});
