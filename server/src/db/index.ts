import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** What repositories need: plain parameterised SQL. The same SQL runs on PGlite and PostgreSQL. */
export interface Queryable {
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction. Keep it short: on PGlite it blocks every other query. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// pg returns bigint/numeric as strings; counts and money are small enough for JS numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

function wrapPglite(p: PGlite | any): Queryable {
  return {
    async query(sql, params = []) {
      const r = await p.query(sql, params);
      // Same meaning as pg's rowCount: rows changed, or rows returned by a SELECT (PGlite reports 0 there).
      return { rows: r.rows as any[], rowCount: r.affectedRows || r.rows.length };
    },
    async exec(sql) {
      await p.exec(sql);
    },
  };
}

/**
 * Opens PGlite in a data folder (memory:// for tests) or PostgreSQL when a URL is given. A PGlite
 * folder is locked for this process until close() (data-dir-lock.ts): DataDirLockedError otherwise.
 */
export async function openDb(opts: { databaseUrl?: string; pgliteDir?: string }): Promise<Db> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const q: Queryable = {
      async query(sql, params = []) {
        const r = await pool.query(sql, params as any[]);
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      },
      async exec(sql) {
        await pool.query(sql);
      },
    };
    return {
      kind: 'postgres',
      query: q.query,
      exec: q.exec,
      async tx(fn) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn({
            async query(sql, params = []) {
              const r = await client.query(sql, params as any[]);
              return { rows: r.rows, rowCount: r.rowCount ?? 0 };
            },
            async exec(sql) {
              await client.query(sql);
            },
          });
          await client.query('COMMIT');
          return result;
        } catch (e) {
          await client.query('ROLLBACK');
          throw e;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  let lock: DataDirLock | undefined;
  if (!dir.startsWith('memory://')) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    // Before PGlite touches the folder: a second process on it loses writes or breaks the folder.
    lock = lockDataDir(path.resolve(dir));
  }
  let p: PGlite;
  try {
    p = await PGlite.create(dir, { extensions: { pg_trgm } });
  } catch (e) {
    lock?.release();
    throw e;
  }
  const q = wrapPglite(p);
  return {
    kind: 'pglite',
    query: q.query,
    exec: q.exec,
    tx: (fn) => p.transaction((t) => fn(wrapPglite(t))),
    close: async () => {
      try {
        await p.close();
      } finally {
        lock?.release();
      }
    },
  };
}
