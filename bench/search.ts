/**
 * Search benchmark: N materials with realistic Chinese titles/tags, then p50/p95/p99 of the real
 * search module (server/src/search) for 1-4 character queries and filters.
 *
 *   node --import tsx bench/search.ts [--engine pglite|postgres|both] [--rows N] [--runs R] [--keep NAME]
 *
 * PostgreSQL: DATABASE_URL (default postgres://lumen:lumen@127.0.0.1:5432/lumen_test), in a schema
 * of its own that is dropped afterwards. PGlite: a temporary data folder, removed afterwards.
 * --keep NAME keeps the data (schema NAME, or folder bench/.data/NAME) and reuses it when loaded.
 * Goals (issue 5): p95 < 50 ms on PostgreSQL, < 150 ms on PGlite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../server/src/db/index.js';
import { migrate } from '../server/src/db/migrate.js';
import { createSearchEngine, type SearchQuery } from '../server/src/search/index.js';
import { composeMaterial, rng, type MaterialType } from '../server/src/db/seed/catalogue/compose.js';
import { searchVector } from '../server/src/search/vector.js';
import { STYLES } from '../server/src/db/seed/catalogue/vocab.js';
import { BENCH_PLACES, BENCH_SUBJECTS } from './search-vocab.js';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const ROWS = Number(arg('rows', '1000000'));
const RUNS = Number(arg('runs', '30'));
const ENGINES = arg('engine', 'both') === 'both' ? ['postgres', 'pglite'] : [arg('engine', 'both')];
const BATCH = 5000;
const KEEP = arg('keep', '');

async function openEngine(engine: string): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (engine === 'postgres') {
    const url = process.env.DATABASE_URL || 'postgres://lumen:lumen@127.0.0.1:5432/lumen_test';
    const schema = KEEP ? `bench_${KEEP.replace(/\W/g, '_')}` : `bench_search_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
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
  for (const type of [1, 2, 11]) for (let c = 0; c < 6; c++) await db.query('INSERT INTO categories(type, name, sort) VALUES ($1, $2, $3)', [type, `分类${type}-${c}`, c]);
  const cats = (await db.query<{ id: number; type: number }>('SELECT id, type FROM categories')).rows;
  await db.query('DROP INDEX materials_tokens');
  const r = rng(42);
  const types: MaterialType[] = [1, 1, 1, 11, 11, 2];
  const t0 = Date.now();
  for (let start = 0; start < ROWS; start += BATCH) {
    const cols: unknown[][] = Array.from({ length: 12 }, () => []);
    for (let i = start; i < Math.min(ROWS, start + BATCH); i++) {
      const type = types[i % types.length];
      const m = composeMaterial(type, Math.floor(r() * 1e6), r);
      // Swap the subject for one of a larger vocabulary and prefix a place, as a real catalogue would vary.
      const subject = BENCH_SUBJECTS[Math.floor(r() * BENCH_SUBJECTS.length)];
      const place = r() < 0.5 ? BENCH_PLACES[Math.floor(r() * BENCH_PLACES.length)] : '';
      const other = BENCH_SUBJECTS[Math.floor(r() * BENCH_SUBJECTS.length)];
      const style = STYLES[Math.floor(r() * STYLES.length)];
      const title = place + m.title.replace(m.subject.word, subject);
      const tags = [subject, other, style, m.tags[m.tags.length - 1]];
      const description = `${title}。画面${style}，适用于短视频、宣传片、广告等商业与个人创作场景。`;
      const typeCats = cats.filter((c) => Number(c.type) === type);
      const row = [type, title, description, tags.join(','), typeCats[Math.floor(r() * typeCats.length)].id, m.durationSec, m.fps, m.priceCents, m.views, m.downloads, searchVector({ title, tags, description }), m.ageDays];
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
    if ((start / BATCH) % 20 === 0) process.stdout.write(`\r  loaded ${Math.min(ROWS, start + BATCH)} / ${ROWS} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  const t1 = Date.now();
  await db.query('CREATE INDEX materials_tokens ON materials USING gin(search_tokens)');
  await db.query('ANALYZE materials');
  console.log(`\n  load ${((t1 - t0) / 1000).toFixed(1)} s, GIN index ${((Date.now() - t1) / 1000).toFixed(1)} s`);
}

const CASES: Array<{ name: string; queries: Array<Partial<SearchQuery>> }> = [
  { name: '1 char', queries: ['山', '猫', '海', '茶', '雪'].map((keyword) => ({ keyword })) },
  { name: '2 chars', queries: ['熊猫', '航拍', '星空', '春节', '咖啡'].map((keyword) => ({ keyword })) },
  { name: '3 chars', queries: ['动物园', '购物节', '大熊猫', '萤火虫', '延时摄'].map((keyword) => ({ keyword })) },
  { name: '4 chars', queries: ['城市夜景', '延时摄影', '数据中心', '高清壁纸', '实拍视频'].map((keyword) => ({ keyword })) },
  { name: '2 chars + video + short', queries: ['熊猫', '航拍', '星空'].map((keyword) => ({ keyword, type: 1 as const, duration: 'VIDEO_SHORT' as const })) },
  { name: '2 chars + image + newest', queries: ['熊猫', '樱花', '美食'].map((keyword) => ({ keyword, type: 11 as const, sort: 'newest' as const })) },
  { name: '2 chars + price asc, page 5', queries: ['熊猫', '航拍'].map((keyword) => ({ keyword, sort: 'price_asc' as const, page: 5 })) },
  { name: 'mixed zh+en', queries: ['熊猫 panda', '航拍drone'].map((keyword) => ({ keyword })) },
  { name: 'browse: category, newest', queries: [{ categoryId: 1 }, { categoryId: 8 }] },
];

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function measure(db: Db): Promise<void> {
  const engine = createSearchEngine(db);
  for (const c of CASES) {
    const times: number[] = [];
    const hits: string[] = [];
    for (const q of c.queries) {
      const full: SearchQuery = { page: 1, pageSize: 20, ...q };
      const warm = await engine.search(full);
      hits.push(`${q.keyword ?? 'cat ' + q.categoryId}:${warm.totalCapped ? '10000+' : warm.total}`);
      for (let i = 0; i < RUNS; i++) {
        const t = process.hrtime.bigint();
        await engine.search(full);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }
    times.sort((a, b) => a - b);
    console.log(`  ${c.name.padEnd(30)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms  p95 ${pct(times, 95).toFixed(1).padStart(7)} ms  p99 ${pct(times, 99).toFixed(1).padStart(7)} ms   hits ${hits.join(' ')}`);
  }
}

for (const e of ENGINES) {
  console.log(`\n== ${e}: ${ROWS.toLocaleString('en')} materials, ${RUNS} runs per query ==`);
  const { db, cleanup } = await openEngine(e);
  try {
    await migrate(db);
    const loaded = Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM materials')).rows[0].n);
    if (loaded === ROWS) console.log(`  reusing the ${ROWS.toLocaleString('en')} kept rows`);
    else if (loaded) throw new Error(`--keep ${KEEP} holds ${loaded} rows, not ${ROWS}: pick another name`);
    else await load(db);
    // Settle the table first: a migration that rewrote kept rows leaves dead tuples and a GIN
    // pending list that every search would read until autovacuum gets to them.
    await db.query('VACUUM ANALYZE materials');
    await measure(db);
  } finally {
    await cleanup();
  }
}
