/**
 * Search benchmark: N materials with realistic Chinese titles/tags, then the real search module
 * (server/src/search) under a rotating stream of queries, against a pg_trgm GIN ILIKE baseline
 * over the same rows in the same run.
 *
 *   node --import tsx bench/search.ts [--engine pglite|postgres|both] [--rows N] [--queries Q] [--keep NAME]
 *
 * Realistic, not flattering: subjects follow a Zipf law and popular subjects are also the most
 * downloaded (term frequency and popularity correlated, as in real catalogues); the query stream
 * draws its terms from the same law (people search what is common), cuts them to 1-4 characters,
 * adds filters, sorts and later pages, and interleaves them: no query is repeated back to back.
 * A warm-up stream of other queries runs first; no VACUUM before measuring (the table is as a
 * bulk load left it, plus ANALYZE); on PostgreSQL the heap cache hit ratio of the run is printed.
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://lumen:lumen@127.0.0.1:5432/lumen_bench), in a
 * schema of its own that is dropped afterwards. PGlite: a temporary data folder, removed afterwards.
 * --keep NAME keeps the data (schema NAME, or folder bench/.data/NAME) and reuses it when loaded.
 * BENCH_SLOWEST=N prints the N slowest queries with each statement's time (default 10).
 * Goals (issue 13): p95 <= 10 ms on PostgreSQL and < 30 ms on PGlite at 1M; >= 20x the baseline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db, type Queryable } from '../server/src/db/index.js';
import { migrate } from '../server/src/db/migrate.js';
import type { SearchQuery } from '../server/src/search/index.js';
import { createSearchEngine } from '../server/src/search/sql-engine.js';
import { composeMaterial, rng, type MaterialType } from '../server/src/seed/catalogue/compose.js';
import { searchVector } from '../server/src/search/vector.js';
import { cleanGinPendingLists } from '../server/src/services/gin-maintenance.js';
import { STYLES } from '../server/src/seed/catalogue/vocab.js';
import { BENCH_PLACES, BENCH_SUBJECTS, queryStream, zipf } from './search-vocab.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const ROWS = Number(arg('rows', '1000000'));
const QUERIES = Number(arg('queries', '600'));
const BASELINE_QUERIES = Number(arg('baseline-queries', '60'));
const ENGINES = arg('engine', 'both') === 'both' ? ['postgres', 'pglite'] : [arg('engine', 'both')];
const BATCH = 5000;
const KEEP = arg('keep', '');

async function openEngine(engine: string): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (engine === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL || 'postgres://lumen:lumen@127.0.0.1:5432/lumen_bench';
    const schema = KEEP ? `bench_${KEEP.replace(/\W/g, '_')}` : `bench_search_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    // In public, where every bench schema's search_path finds it (else it lands in the first
    // schema that migrates, and the next one's trigram baseline index fails).
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema},public`);
    const db = await openDb({ databaseUrl: u.toString() });
    const cleanup = async () => {
      await db.close();
      if (!KEEP) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    };
    return { db, cleanup };
  }
  const dir = KEEP ? path.join('bench', '.data', KEEP) : fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-'));
  fs.mkdirSync(dir, { recursive: true });
  const db = await openDb({ pgliteDir: path.join(dir, 'pglite') });
  return {
    db,
    cleanup: async () => {
      await db.close();
      if (!KEEP) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Loads ROWS materials in batches through unnest(); the GIN index is built once afterwards. */
async function load(db: Db): Promise<void> {
  await db.query("INSERT INTO users(username, nickname, roles) VALUES ('bench_creator', '基准测试', ARRAY['creator'])");
  for (const type of [1, 2, 11])
    for (let c = 0; c < 6; c++)
      await db.query('INSERT INTO categories(type, name, sort) VALUES ($1, $2, $3)', [type, `分类${type}-${c}`, c]);
  const cats = (await db.query<{ id: number; type: number }>('SELECT id, type FROM categories')).rows;
  await db.query('DROP INDEX materials_tokens');
  const r = rng(42);
  const types: MaterialType[] = [1, 1, 1, 11, 11, 2];
  const subjectRank = zipf(BENCH_SUBJECTS.length, r);
  const t0 = Date.now();
  for (let start = 0; start < ROWS; start += BATCH) {
    const cols: unknown[][] = Array.from({ length: 12 }, () => []);
    for (let i = start; i < Math.min(ROWS, start + BATCH); i++) {
      const type = types[i % types.length];
      const m = composeMaterial(type, Math.floor(r() * 1e6), r);
      // Swap the subject for one of a larger vocabulary and prefix a place, as a real catalogue would vary.
      const rank = subjectRank();
      const subject = BENCH_SUBJECTS[rank];
      const place = r() < 0.5 ? BENCH_PLACES[Math.floor(r() * BENCH_PLACES.length)] : '';
      const other = BENCH_SUBJECTS[subjectRank()];
      // Common subjects sell more: downloads scale with the subject's popularity.
      const downloads = Math.floor(m.downloads * Math.sqrt(BENCH_SUBJECTS.length / (rank + 1)));
      const style = STYLES[Math.floor(r() * STYLES.length)];
      const title = place + m.title.replace(m.subject.word, subject);
      const tags = [subject, other, style, m.tags[m.tags.length - 1]];
      const description = `${title}。画面${style}，适用于短视频、宣传片、广告等商业与个人创作场景。`;
      const typeCats = cats.filter((c) => Number(c.type) === type);
      const row = [
        type,
        title,
        description,
        tags.join(','),
        typeCats[Math.floor(r() * typeCats.length)].id,
        m.durationSec,
        m.fps,
        m.priceCents,
        m.views,
        downloads,
        searchVector({ title, tags, description }),
        m.ageDays,
      ];
      row.forEach((v, k) => cols[k].push(v));
    }
    await db.query(
      `INSERT INTO materials(type, title, description, tags, category_id, owner_id, status, duration_sec, fps, price_cents, views, downloads, search_tokens, created_at)
       SELECT t, ti, de, string_to_array(tg, ','), ca, (SELECT id FROM users WHERE username = 'bench_creator'), 1, du, fp, pr, vi, dl,
         tk::tsvector, now() - make_interval(days => ag)
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::numeric[], $7::numeric[], $8::int[], $9::int[], $10::int[], $11::text[], $12::int[])
         AS x(t, ti, de, tg, ca, du, fp, pr, vi, dl, tk, ag)`,
      cols,
    );
    if ((start / BATCH) % 20 === 0)
      process.stdout.write(
        `\r  loaded ${Math.min(ROWS, start + BATCH)} / ${ROWS} (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
      );
  }
  const t1 = Date.now();
  await db.query('CREATE INDEX materials_tokens ON materials USING gin(search_tokens)');
  const t2 = Date.now();
  await db.query(`CREATE INDEX materials_bench_trgm ON materials USING gin ((${TRGM_TEXT}) gin_trgm_ops)`);
  await db.query('ANALYZE materials');
  console.log(
    `\n  load ${((t1 - t0) / 1000).toFixed(1)} s, GIN index ${((t2 - t1) / 1000).toFixed(1)} s, trigram index (baseline) ${((Date.now() - t2) / 1000).toFixed(1)} s`,
  );
}

/** What the baseline searches: title and description (the bench's descriptions repeat the title and style). */
const TRGM_TEXT = "title || ' ' || description";

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1).padStart(7)} ms  p95 ${pct(xs, 95).toFixed(1).padStart(7)} ms  p99 ${pct(xs, 99).toFixed(1).padStart(7)} ms`;

/** The baseline: the same filters, a trigram-indexed ILIKE per term, a capped count and a page by popularity. */
async function baselineSearch(db: Db, q: SearchQuery): Promise<void> {
  const params: unknown[] = [`%${q.keyword}%`];
  let where = `status = 1 AND (${TRGM_TEXT}) ILIKE $1`;
  if (q.type) where += ` AND type = ${Number(q.type)}`;
  if (q.duration) where += ' AND duration_sec < 600';
  await db.query(`SELECT count(*) FROM (SELECT 1 FROM materials WHERE ${where} LIMIT 10001) s`, params);
  await db.query(
    `SELECT id, title FROM materials WHERE ${where} ORDER BY downloads DESC, id DESC LIMIT 20 OFFSET ${(q.page - 1) * 20}`,
    params,
  );
}

async function heapStats(db: Db, engine: string): Promise<{ hit: number; read: number } | null> {
  if (engine !== 'postgres') return null;
  const r = await db.query<{ hit: number; read: number }>(
    "SELECT heap_blks_hit::float8 AS hit, heap_blks_read::float8 AS read FROM pg_statio_user_tables WHERE relname = 'materials' AND schemaname = current_schema()",
  );
  return r.rows[0] ?? null;
}

/** The engine's statements by what they do (read from their SQL), to print where the time goes. */
function statementKind(sql: string): string {
  if (sql.includes('hashint8(')) return 'sample';
  if (sql.includes('WITH RECURSIVE')) return 'ranked, top down';
  if (sql.includes('WITH hits AS MATERIALIZED')) return 'bucket range read';
  if (sql.includes('FROM (SELECT * FROM materials')) return 'walk (order index)';
  if (sql.includes('count(*) OVER')) return 'sort and count all';
  if (sql.includes('count(*)')) return 'exact count';
  if (sql.includes('ORDER BY')) return 'sort every match';
  return 'other';
}

async function measure(db: Db, engine: string): Promise<void> {
  const statements = new Map<string, number[]>();
  let timing = false;
  let current: string[] = [];
  const timed: Queryable = {
    query: async (sql, params, opts) => {
      const t = process.hrtime.bigint();
      try {
        return await db.query(sql, params, opts);
      } finally {
        const k = statementKind(sql);
        const ms = Number(process.hrtime.bigint() - t) / 1e6;
        if (timing) statements.set(k, [...(statements.get(k) ?? []), ms]);
        current.push(`${k} ${ms.toFixed(1)}`);
      }
    },
    exec: (sql) => db.exec(sql),
  };
  // PGlite has no autovacuum; the server merges GIN pending lists 10 s after start and every 5
  // minutes (services/gin-maintenance.ts), so a catalogue it serves has short ones.
  if (engine === 'pglite')
    console.log(`  GIN pending lists merged as the server does: ${await cleanGinPendingLists(db)} pages`);
  const search = createSearchEngine(timed);
  for (const w of queryStream(100, 7)) await search.search(w.q);
  const stream = queryStream(QUERIES, 42);
  const before = await heapStats(db, engine);
  timing = true;
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let capped = 0;
  const slowest: { ms: number; what: string }[] = [];
  for (const { kind, q } of stream) {
    current = [];
    const t = process.hrtime.bigint();
    const res = await search.search(q);
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    const filters = [q.type && `type ${q.type}`, q.duration, q.sort, q.page > 1 && `page ${q.page}`]
      .filter(Boolean)
      .join(', ');
    slowest.push({
      ms,
      what: `${q.keyword}${filters ? ` (${filters})` : ''}, ${res.totalEstimated ? '约 ' : ''}${res.total} matches: ${current.join(' + ')}`,
    });
    if (res.totalCapped || res.totalEstimated) capped++;
    all.push(ms);
    const key = kind.replace(/^(\d) chars?/, '$1 ch');
    byKind.set(key, [...(byKind.get(key) ?? []), ms]);
  }
  timing = false;
  const after = await heapStats(db, engine);
  console.log(
    `  ${stream.length} queries in rotation (${capped} frequent: estimated from the sample or over 10,000 matches)`,
  );
  for (const [k, xs] of statements)
    console.log(
      `  statements: ${k.padEnd(18)} n=${String(xs.length).padStart(4)}  total ${xs
        .reduce((a, b) => a + b, 0)
        .toFixed(0)
        .padStart(6)} ms  ${fmt(xs)}`,
    );
  for (const [kind, xs] of [...byKind].sort())
    console.log(`  ${kind.padEnd(26)} n=${String(xs.length).padStart(3)}  ${fmt(xs)}`);
  console.log(`  ${'all'.padEnd(26)} n=${String(all.length).padStart(3)}  ${fmt(all)}`);
  // Where the tail comes from: the slowest queries with their statements (ms each).
  console.log('  slowest queries:');
  for (const { ms, what } of slowest.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.BENCH_SLOWEST ?? 10)))
    console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${what}`);
  if (before && after) {
    const hit = after.hit - before.hit;
    const read = after.read - before.read;
    console.log(
      `  heap blocks during the run: ${hit} from shared buffers, ${read} from the OS (${((100 * hit) / Math.max(1, hit + read)).toFixed(1)}% hit)`,
    );
  }
  // Baseline on the first queries of the same stream (it is slow enough that a few dozen tell).
  const base: number[] = [];
  const ours: number[] = [];
  for (const { q } of stream.slice(0, BASELINE_QUERIES)) {
    let t = process.hrtime.bigint();
    await baselineSearch(db, q);
    base.push(Number(process.hrtime.bigint() - t) / 1e6);
    t = process.hrtime.bigint();
    await search.search(q);
    ours.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  console.log(`  baseline pg_trgm ILIKE      n=${String(base.length).padStart(3)}  ${fmt(base)}`);
  console.log(`  lumen, same ${base.length} queries    ${fmt(ours)}`);
  console.log(
    `  ratio baseline/lumen: p50 ${(pct(base, 50) / pct(ours, 50)).toFixed(1)}x, p95 ${(pct(base, 95) / pct(ours, 95)).toFixed(1)}x (goal >= 20x)`,
  );
}

for (const e of ENGINES) {
  console.log(`\n== ${e}: ${ROWS.toLocaleString('en')} materials, ${QUERIES} rotating queries ==`);
  const { db, cleanup } = await openEngine(e);
  try {
    await migrate(db);
    const loaded = Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM materials')).rows[0].n);
    if (loaded === ROWS) console.log(`  reusing the ${ROWS.toLocaleString('en')} kept rows`);
    else if (loaded) throw new Error(`--keep ${KEEP} holds ${loaded} rows, not ${ROWS}: pick another name`);
    else await load(db);
    await db.query('ANALYZE materials');
    await measure(db, e);
  } finally {
    await cleanup();
  }
}
