import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/index.js';
import { makeTestDatabase } from '../helpers/app.js';

/**
 * PostgreSQL runs parameterised statements as named prepared statements (db/index.ts): each SQL
 * text is parsed once per connection, a statement whose table changed shape is run again unnamed,
 * and PG_PREPARE=0 turns it off. PostgreSQL only (PGlite has no per-connection statements).
 */
describe('prepared statements on PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const t = await makeTestDatabase();
    db = await t.open();
    drop = t.drop;
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const preparedOn = (q: Pick<Db, 'query'>, text: string) =>
    q
      .query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1', [text])
      .then((r) => r.rows[0].n);

  it('prepares a parameterised statement once per connection and reuses it', async () => {
    const sql = 'SELECT $1::int + 1 AS x';
    await db.tx(async (q) => {
      expect((await q.query<{ x: number }>(sql, [1])).rows[0].x).toBe(2);
      expect((await q.query<{ x: number }>(sql, [41])).rows[0].x).toBe(42);
      expect(await preparedOn(q, sql)).toBe(1);
    });
  });

  it('runs a statement again unnamed when its table changed shape since it was prepared', async () => {
    await db.exec('CREATE TABLE prep_shape (id int PRIMARY KEY, a text); INSERT INTO prep_shape VALUES (1, $$x$$)');
    const sql = 'SELECT * FROM prep_shape WHERE id = $1';
    for (let i = 0; i < 3; i++) expect((await db.query(sql, [1])).rows[0]).toEqual({ id: 1, a: 'x' });
    await db.exec('ALTER TABLE prep_shape ADD COLUMN b int');
    for (let i = 0; i < 3; i++) expect((await db.query(sql, [1])).rows[0]).toEqual({ id: 1, a: 'x', b: null });
  });

  it('runs a statement unnamed when asked to (prepare: false)', async () => {
    const sql = 'SELECT $1::int * 2 AS unprepared_x';
    await db.tx(async (q) => {
      expect((await q.query<{ unprepared_x: number }>(sql, [21], { prepare: false })).rows[0].unprepared_x).toBe(42);
      expect(await preparedOn(q, sql)).toBe(0);
    });
  });

  it('PG_PREPARE=0 runs statements unnamed', async () => {
    const sql = 'SELECT $1::text AS unnamed_check';
    process.env.PG_PREPARE = '0';
    try {
      await db.tx(async (q) => {
        expect((await q.query<{ unnamed_check: string }>(sql, ['a'])).rows[0].unnamed_check).toBe('a');
        expect(await preparedOn(q, sql)).toBe(0);
      });
    } finally {
      delete process.env.PG_PREPARE;
    }
  });
});
