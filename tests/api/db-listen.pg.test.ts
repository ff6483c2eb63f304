import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/src/db/index.js';

/**
 * LISTEN on PostgreSQL (server/src/db/pg-listener.ts): every channel of a Db on one connection,
 * each handler called for its own channel only, and listening again after the connection is lost.
 */
describe('PostgreSQL LISTEN on one connection per Db', () => {
  const url = process.env.TEST_DATABASE_URL!;
  let db: Db;
  let other: Db;
  const tag = `t${process.pid}_${Date.now()}`;
  const ch = (name: string) => `${tag}_${name}`;
  /** Payloads each handler received, by handler name. */
  const got: Record<string, string[]> = {};
  const handler = (name: string) => (payload: string) => (got[name] ??= []).push(payload);
  const notify = (channel: string, payload: string) => other.query('SELECT pg_notify($1, $2)', [channel, payload]);
  const until = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(check(), what).toBe(true);
  };
  /** Connections to this database that listen on one of this test's channels. */
  const listenerPids = async () =>
    (
      await other.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE $1`,
        [`%LISTEN%${tag}%`],
      )
    ).rows.map((r) => Number(r.pid));

  beforeAll(async () => {
    db = await openDb({ databaseUrl: url });
    other = await openDb({ databaseUrl: url });
  });
  afterAll(async () => {
    await db?.close();
    await other?.close();
  });

  it('delivers each channel to its own handlers over one connection; a stopped handler hears nothing more', async () => {
    const stopA1 = await db.listen(ch('a'), handler('a1'));
    const stopA2 = await db.listen(ch('a'), handler('a2'));
    const stopB = await db.listen(ch('b'), handler('b'));
    expect(await listenerPids()).toHaveLength(1);

    await notify(ch('a'), 'one');
    await notify(ch('b'), 'two');
    await until(() => got.a1?.length === 1 && got.a2?.length === 1 && got.b?.length === 1, 'first notifications');
    expect(got).toEqual({ a1: ['one'], a2: ['one'], b: ['two'] });

    await stopA1();
    await notify(ch('a'), 'three');
    await until(() => got.a2?.length === 2, 'a2 hears on');
    expect(got.a1).toEqual(['one']);

    await stopA2();
    await stopB();
    await notify(ch('a'), 'four');
    await notify(ch('b'), 'five');
    // A marker on a channel still listened to proves the two above had their chance to arrive.
    const stopC = await db.listen(ch('c'), handler('c'));
    await notify(ch('c'), 'marker');
    await until(() => got.c?.length === 1, 'the marker');
    expect(got).toMatchObject({ a1: ['one'], a2: ['one', 'three'], b: ['two'] });
    await stopC();
  });

  it('listens again on every channel after its connection is killed', async () => {
    await db.listen(ch('x'), handler('x'));
    await db.listen(ch('y'), handler('y'));
    const [pid] = await listenerPids();
    expect(pid).toBeGreaterThan(0);
    await other.query('SELECT pg_terminate_backend($1)', [pid]);
    // Reconnects after 0.5 s; notifications sent while it was away are lost, so send until one lands.
    for (let i = 0; i < 80 && !(got.x?.length && got.y?.length); i++) {
      await notify(ch('x'), `x${i}`);
      await notify(ch('y'), `y${i}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(got.x?.length).toBeGreaterThan(0);
    expect(got.y?.length).toBeGreaterThan(0);
    const now = await listenerPids();
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(pid);
  });
});
