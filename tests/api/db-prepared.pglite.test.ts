import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/src/db/index.js';

/**
 * PGlite runs parameterised statements as named prepared statements too (db/pglite-prepared.ts):
 * parsed once, then one Bind/Execute per call. Callers must not tell the difference from PGlite's
 * own query(): same values, same errors, same locking against transactions.
 */
describe('prepared statements on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ pgliteDir: 'memory://' });
    await db.exec(`CREATE TABLE prep_t (id int PRIMARY KEY, big bigint, price numeric(10,2), tags text[], meta jsonb,
                   at timestamptz, ok boolean, nums int[], note text)`);
  });
  afterAll(async () => db?.close());

  const preparedCount = (text: string) =>
    db
      .query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1', [text])
      .then((r) => r.rows[0].n);

  it('prepares each text once and reuses it', async () => {
    const sql = 'SELECT $1::int + 1 AS x';
    expect((await db.query<{ x: number }>(sql, [1])).rows).toEqual([{ x: 2 }]);
    expect((await db.query<{ x: number }>(sql, [41])).rows).toEqual([{ x: 42 }]);
    expect(await preparedCount(sql)).toBe(1);
  });

  it('runs a statement unprepared when asked to (prepare: false)', async () => {
    const sql = 'SELECT $1::int * 2 AS unprepared_x';
    expect((await db.query<{ unprepared_x: number }>(sql, [21], { prepare: false })).rows).toEqual([
      { unprepared_x: 42 },
    ]);
    expect(await preparedCount(sql)).toBe(0);
  });

  it('serialises parameters and parses columns as PGlite query() does', async () => {
    const at = new Date('2026-11-26T01:02:03.456Z');
    const ins = await db.query('INSERT INTO prep_t VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
      1,
      9007199254740991,
      '12.30',
      ['熊猫', 'a"b'],
      JSON.stringify({ k: ['v'] }),
      at,
      true,
      [1, 2],
      null,
    ]);
    expect(ins.rowCount).toBe(1);
    const sql = 'SELECT * FROM prep_t WHERE id = $1';
    const mine = (await db.query(sql, [1])).rows;
    // The same statement through a transaction runs on PGlite's own query() (db/index.ts).
    const theirs = await db.tx(async (q) => (await q.query(sql, [1])).rows);
    expect(mine).toEqual(theirs);
    expect(mine[0]).toMatchObject({
      id: 1,
      tags: ['熊猫', 'a"b'],
      meta: { k: ['v'] },
      at,
      ok: true,
      nums: [1, 2],
      note: null,
    });
  });

  it('reports rows changed by UPDATE and DELETE', async () => {
    await db.query('INSERT INTO prep_t(id) SELECT g FROM generate_series($1::int, $2::int) g', [10, 14]);
    expect((await db.query('UPDATE prep_t SET note = $1 WHERE id >= $2', ['n', 10])).rowCount).toBe(5);
    expect((await db.query('DELETE FROM prep_t WHERE id >= $1', [12])).rowCount).toBe(3);
  });

  it('throws PostgreSQL errors with their codes, and the statement works afterwards', async () => {
    const sql = 'INSERT INTO prep_t(id) VALUES ($1)';
    await db.query(sql, [50]);
    await expect(db.query(sql, [50])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('SELECT $1::int / 0', [1])).rejects.toMatchObject({ code: '22012' });
    expect((await db.query(sql, [51])).rowCount).toBe(1);
  });

  it('prepares a statement again when its table changed shape', async () => {
    await db.exec("CREATE TABLE prep_shape (id int PRIMARY KEY, a text); INSERT INTO prep_shape VALUES (1, 'x')");
    const sql = 'SELECT * FROM prep_shape WHERE id = $1';
    expect((await db.query(sql, [1])).rows).toEqual([{ id: 1, a: 'x' }]);
    await db.exec('ALTER TABLE prep_shape ADD COLUMN b int');
    expect((await db.query(sql, [1])).rows).toEqual([{ id: 1, a: 'x', b: null }]);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.tx(async (q) => {
      await q.query('INSERT INTO prep_t(id) VALUES ($1)', [70]);
      await held;
      throw new Error('rolled back');
    });
    const seen = db.query<{ n: number }>('SELECT count(*)::int AS n FROM prep_t WHERE id = $1', [70]);
    release();
    await expect(tx).rejects.toThrow('rolled back');
    // Had it run inside the transaction it would have seen the uncommitted row.
    expect((await seen).rows[0].n).toBe(0);
  });
});
