import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/src/db/index.js';

/**
 * PGlite answers in this thread, and a chain of awaited statements settles promise after promise
 * without going back to the event loop (db/pglite-turns.ts): timers, sockets and other requests
 * would wait for the whole chain. The adapter gives the loop a turn every few milliseconds.
 */
describe('a chain of PGlite statements lets the event loop turn', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ pgliteDir: 'memory://' });
    await db.exec('CREATE TABLE turns_t (id int PRIMARY KEY, note text)');
  });
  afterAll(async () => db?.close());

  it('a timer due during a chain of statements, or during a transaction, runs before the chain ends', async () => {
    let firedAt: number | undefined;
    const started = performance.now();
    setTimeout(() => (firedAt = performance.now() - started), 20);
    let n = 0;
    while (performance.now() - started < 300) {
      await db.query('INSERT INTO turns_t VALUES ($1, $2)', [++n, `row ${n}`]);
    }
    const inTx = await db.tx(async (q) => {
      const seenBefore = firedAt;
      const txStarted = performance.now();
      let again: number | undefined;
      setTimeout(() => (again = performance.now() - txStarted), 20);
      while (performance.now() - txStarted < 100) await q.query('SELECT count(*) FROM turns_t');
      return { seenBefore, again };
    });
    // Read right after the inserts and at the end of the transaction: each timer had run by then.
    expect(inTx.seenBefore).toBeDefined();
    expect(inTx.again).toBeDefined();
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM turns_t')).rows[0].n).toBe(n);
  });
});
