import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import { searchVector } from '../search/vector.js';
import { CATEGORIES, composeMaterial, rng, type ComposedMaterial, type MaterialType } from './catalogue/compose.js';
import { CLIP_DESIGNS, IMAGE_DESIGNS, type MediaKind } from './catalogue/media.js';
import { SEED_MEDIA_TASK, type SeedMediaPayload } from './catalogue/media-task.js';
import { enqueue } from '../jobs/enqueue.js';

/** How many demo materials per type (264 approved + the hidden ones below). */
export const SEED_COUNTS: Record<MaterialType, number> = { 1: 150, 2: 45, 11: 75 };
/** Indexes (in insertion order) seeded unapproved: 0 pending review, 2 rejected. They must stay invisible. */
const HIDDEN: Record<number, number> = { 3: 0, 40: 0, 97: 2, 160: 0, 201: 2, 250: 0 };

const CREATORS = [
  { username: 'creator_lin', nickname: '林间影像', phone: '13800000011' },
  { username: 'creator_chen', nickname: '陈默工作室', phone: '13800000012' },
  { username: 'creator_wang', nickname: '王小航航拍', phone: '13800000013' },
];

const ALBUMS: Array<{ type: MaterialType; title: string; description: string; subjects: string[] }> = [
  {
    type: 1,
    title: '国宝熊猫专题',
    description: '大熊猫、竹林与成都的萌趣瞬间',
    subjects: ['熊猫', '竹林', '成都', '动物园'],
  },
  { type: 1, title: '航拍中国', description: '从高空俯瞰山川长城与雪山', subjects: ['航拍', '山川', '长城', '雪山'] },
  { type: 1, title: '城市夜色', description: '霓虹车流与地铁通勤的城市节奏', subjects: ['城市夜景', '地铁', '成都'] },
  {
    type: 1,
    title: '节日氛围',
    description: '春节、中秋与婚礼的喜庆画面',
    subjects: ['春节', '中秋', '婚礼', '购物节'],
  },
  {
    type: 2,
    title: '企业宣传精选',
    description: '科技感与商务风的宣传片模板',
    subjects: ['商务', '科技', '数据中心', '城市夜景'],
  },
  {
    type: 2,
    title: '节日祝福模板',
    description: '春节中秋婚礼祝福视频一键替换',
    subjects: ['春节', '中秋', '婚礼', '樱花'],
  },
  { type: 2, title: '电商大促', description: '购物节与美食饮品促销模板', subjects: ['购物节', '美食', '咖啡', '茶园'] },
  {
    type: 11,
    title: '星空与山川',
    description: '银河、雪山与群山的壮美瞬间',
    subjects: ['星空', '山川', '雪山', '航拍'],
  },
  { type: 11, title: '美食摄影集', description: '餐桌美食与咖啡茶饮', subjects: ['美食', '咖啡', '茶园'] },
  {
    type: 11,
    title: '春日樱花',
    description: '樱花、竹林与茶园的春日气息',
    subjects: ['樱花', '竹林', '茶园', '熊猫'],
  },
];

async function ensureCreators(q: Queryable): Promise<number[]> {
  for (const c of CREATORS) {
    await q.query(
      `INSERT INTO users(username, phone, nickname, roles, regist_source, regist_device)
       VALUES ($1, $2, $3, ARRAY['buyer','creator'], 'SEED', 'PC') ON CONFLICT (username) DO NOTHING`,
      [c.username, c.phone, c.nickname],
    );
  }
  const r = await q.query<{ id: number }>(`SELECT id FROM users WHERE username = ANY($1::text[]) ORDER BY username`, [
    ['demo_creator', ...CREATORS.map((c) => c.username)],
  ]);
  return r.rows.map((x) => Number(x.id));
}

async function insertCategories(q: Queryable): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [type, names] of Object.entries(CATEGORIES)) {
    for (const [i, name] of names.entries()) {
      const r = await q.query<{ id: number }>(
        'INSERT INTO categories(type, name, sort) VALUES ($1, $2, $3) RETURNING id',
        [Number(type), name, i],
      );
      ids.set(`${type}:${name}`, Number(r.rows[0].id));
    }
  }
  return ids;
}

/** Media columns are filled by the seed.media job of the material's design (catalogue/media-task.ts). */
async function insertMaterial(
  q: Queryable,
  m: ComposedMaterial,
  kind: MediaKind,
  ctx: { categoryId: number; ownerId: number; status: number },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO materials(type, title, description, tags, category_id, owner_id, status, duration_sec, width, height, fps, format,
       price_cents, views, downloads, collects, search_tokens, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16, $17::tsvector,
       now() - make_interval(days => $18::int, mins => $19::int)) RETURNING id`,
    // Duration, size and fps stay empty until the design's seed.media job measures its file.
    [
      m.type,
      m.title,
      m.description,
      m.tags,
      ctx.categoryId,
      ctx.ownerId,
      ctx.status,
      null,
      null,
      null,
      null,
      kind === 'clip' ? 'MP4' : 'JPG',
      m.priceCents,
      m.views,
      m.downloads,
      m.collects,
      searchVector(m),
      m.ageDays,
      m.views % 1440,
    ],
  );
  return Number(r.rows[0].id);
}

/**
 * The demo catalogue: categories, creators, materials, albums, and one seed.media job per media
 * design that generates the files and the evidence certificates in the background. Skips when
 * categories already exist; rows and jobs are one transaction, so a failed run leaves nothing
 * half-seeded, and the jobs survive a restart until they are done.
 */
export async function seedCatalogue(app: FastifyInstance): Promise<void> {
  const done = await app.db.query('SELECT 1 FROM categories LIMIT 1');
  if (done.rows.length) return;
  await app.db.tx(async (q) => {
    const owners = await ensureCreators(q);
    const categories = await insertCategories(q);
    const r = rng(20260501);
    const titles = new Set<string>();
    const bySubject = new Map<string, number[]>();
    const designs = new Map<string, SeedMediaPayload>();
    let n = 0;
    for (const type of [1, 11, 2] as MaterialType[]) {
      for (let k = 0; k < SEED_COUNTS[type]; k++, n++) {
        const m = composeMaterial(type, k, r, titles);
        const kind: MediaKind = type === 11 ? 'image' : 'clip';
        const design = k % (kind === 'image' ? IMAGE_DESIGNS : CLIP_DESIGNS);
        const status = HIDDEN[n] ?? 1;
        const ownerId = owners[n % owners.length];
        const id = await insertMaterial(q, m, kind, {
          categoryId: categories.get(`${type}:${m.categoryName}`)!,
          ownerId,
          status,
        });
        const job = designs.get(`${kind}:${design}`) ?? { kind, design, materialIds: [], evidenceIds: [] };
        designs.set(`${kind}:${design}`, job);
        job.materialIds.push(id);
        if (status !== 1) continue;
        const list = bySubject.get(`${type}:${m.subject.word}`) ?? [];
        list.push(id);
        bySubject.set(`${type}:${m.subject.word}`, list);
        if (type !== 2 && k % 12 === 1) job.evidenceIds.push(id);
      }
    }
    for (const [i, a] of ALBUMS.entries()) {
      const items = a.subjects.flatMap((s) => bySubject.get(`${a.type}:${s}`) ?? []).slice(0, 12);
      // The cover follows the first item's media (set by its seed.media job).
      const album = await q.query<{ id: number }>(
        'INSERT INTO albums(type, title, description, sort, created_at) VALUES ($1, $2, $3, $4, now() - make_interval(days => $5::int)) RETURNING id',
        [a.type, a.title, a.description, ALBUMS.length - i, i * 9],
      );
      for (const [sort, id] of items.entries()) {
        await q.query('INSERT INTO album_items(album_id, material_id, sort) VALUES ($1, $2, $3)', [
          album.rows[0].id,
          id,
          sort,
        ]);
      }
    }
    // Images take a second each, clips several: queue images first so more of the site fills in sooner.
    const ordered = [...designs].sort(([, a], [, b]) => Number(a.kind === 'clip') - Number(b.kind === 'clip'));
    for (const [key, payload] of ordered) await enqueue(q, SEED_MEDIA_TASK, payload, { dedupeKey: key });
  });
}
