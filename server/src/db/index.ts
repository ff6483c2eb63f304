import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { preparedQuery } from './pglite-prepared.js';
import { turnIfBusy } from './pglite-turns.js';
import { pgListener } from './pg-listener.js';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** What repositories need: plain parameterised SQL. The same SQL runs on PGlite and PostgreSQL. */
export interface QueryOptions {
  /**
   * false: plan this statement with its actual parameters on every call instead of running it as a
   * prepared statement (which may settle on one generic plan). For queries whose best plan depends
   * on the values, like search terms whose frequencies differ by orders of magnitude.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<T = Record<string, any>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction. Keep it short: on PGlite it blocks every other query. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls onNotify for each NOTIFY on a channel (delivered after the sender commits). PostgreSQL
   * holds one extra connection for all of a Db's listeners (pg-listener.ts) and reconnects after
   * errors; PGlite listens in-process.
   * Returns the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: the connection pool's connections (open, idle) and the queries waiting for one.
   * PGlite has one in-process connection and no pool.
   */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the whole data folder as a tar archive, which `openDb({ loadDataDir })` opens again. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

// pg returns bigint/numeric as strings; counts and money are small enough for JS numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * PostgreSQL: every parameterised statement runs as a named prepared statement (as postgres.js
 * does by default), so a connection parses and analyses each SQL text once instead of on every
 * request. For the catalogue detail route that halved PostgreSQL's CPU per request (the joins'
 * parse and analysis cost more than the primary-key lookup itself). Names are a hash of the text;
 * the number of distinct texts is bounded (MAX_PREPARED), beyond which statements run unnamed. A
 * statement whose tables changed shape since it was prepared ("cached plan must not change result
 * type", 0A000) is run again unnamed.
 */
const MAX_PREPARED = 2000;
const preparedNames = new Map<string, string>();
function statementName(sql: string): string | undefined {
  // PG_PREPARE=0 behind a pooler that cannot keep per-connection statements (PgBouncer in
  // transaction mode before 1.21).
  if (process.env.PG_PREPARE === '0') return undefined;
  let name = preparedNames.get(sql);
  if (!name && preparedNames.size < MAX_PREPARED) {
    name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    preparedNames.set(sql, name);
  }
  return name;
}

async function runPrepared(
  c: pg.Pool | pg.PoolClient,
  sql: string,
  params: unknown[],
  opts?: QueryOptions,
): Promise<pg.QueryResult> {
  const name = params.length && opts?.prepare !== false ? statementName(sql) : undefined;
  if (!name) return c.query(sql, params as any[]);
  try {
    return await c.query({ name, text: sql, values: params as any[] });
  } catch (e) {
    if ((e as { code?: string }).code !== '0A000') throw e;
    return c.query(sql, params as any[]);
  }
}

/** PGlite, or one of its transactions (no `prepared`: a transaction's queries run through its own query()). */
function wrapPglite(p: PGlite | any, prepared?: ReturnType<typeof preparedQuery>): Queryable {
  return {
    async query(sql, params = [], opts) {
      await turnIfBusy();
      // Parameterised statements only, as on PostgreSQL: texts without parameters may be built from values.
      const r =
        (params.length && prepared && opts?.prepare !== false ? await prepared(sql, params) : null) ??
        (await p.query(sql, params));
      // Same meaning as pg's rowCount: rows changed, or rows returned by a SELECT (PGlite reports 0 there).
      return { rows: r.rows as any[], rowCount: r.affectedRows || r.rows.length };
    },
    async exec(sql) {
      await turnIfBusy();
      await p.exec(sql);
    },
  };
}

/**
 * The URL with JIT turned off for its sessions (added to any `options` it has). JIT compiles any
 * plan whose estimate passes jit_above_cost, and GIN estimates run to thousands of rows where a
 * search reads a few dozen: 50 ms compiling a 3 ms statement. Short statements are all this runs.
 */
function withoutJit(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} -c jit=off`.trim());
  return url.toString();
}

/**
 * Opens PGlite in a data folder (memory:// for tests) or PostgreSQL when a URL is given. A PGlite
 * folder is locked for this process until close() (data-dir-lock.ts): DataDirLockedError otherwise.
 */
export async function openDb(opts: {
  databaseUrl?: string;
  pgliteDir?: string;
  loadDataDir?: Blob;
  /** PGlite's initdb only: the WAL segment size in MB (PostgreSQL's default is 16). */
  walSegmentMb?: number;
}): Promise<Db> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: withoutJit(opts.databaseUrl), max: 10 });
    const q: Queryable = {
      async query(sql, params = [], opts) {
        const r = await runPrepared(pool, sql, params, opts);
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      },
      async exec(sql) {
        await pool.query(sql);
      },
    };
    const listener = pgListener(opts.databaseUrl);
    return {
      kind: 'postgres',
      query: q.query,
      exec: q.exec,
      listen: listener.listen,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async tx(fn) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn({
            async query(sql, params = [], opts) {
              const r = await runPrepared(client, sql, params, opts);
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
      async close() {
        await listener.close();
        await pool.end();
      },
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
    // loadDataDir starts from a dumped folder instead of running initdb (tests: a migrated template).
    p = await PGlite.create(dir, {
      extensions: { pg_trgm },
      loadDataDir: opts.loadDataDir,
      initDbStartParams: opts.walSegmentMb ? [`--wal-segsize=${opts.walSegmentMb}`] : undefined,
    });
  } catch (e) {
    lock?.release();
    throw e;
  }
  const q = wrapPglite(p, process.env.PG_PREPARE === '0' ? undefined : preparedQuery(p));
  return {
    kind: 'pglite',
    query: q.query,
    exec: q.exec,
    tx: (fn) => p.transaction((t) => fn(wrapPglite(t))),
    listen: (channel, onNotify) => p.listen(channel, onNotify),
    dumpDataDir: () => p.dumpDataDir('none') as Promise<Blob>,
    close: async () => {
      try {
        await p.close();
      } finally {
        lock?.release();
      }
    },
  };
}
