import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.js';
import { searchVector } from '../search/vector.js';
import {
  CATEGORIES,
  composeMaterial,
  rng,
  type ComposeWords,
  type ComposedMaterial,
  type MaterialType,
} from './catalogue/compose.js';
import type { MediaKind } from './catalogue/media.js';
import type { Subject } from './catalogue/vocab.js';
import {
  CLIPS,
  PHOTOS,
  TEMPLATES,
  clipPhotos,
  creditOf,
  templatePhoto,
  type Photo,
  type PhotoCredit,
} from './catalogue/photos.js';
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

/** Albums group demo works by their subject words (the photos', clips' and templates' own words). */
const ALBUMS: Array<{ type: MaterialType; title: string; description: string; subjects: string[] }> = [
  {
    type: 1,
    title: '山野与黄昏',
    description: '秋林、雪山、山顶日落与一分钟黄昏长镜头',
    subjects: ['秋日山野', '黄昏'],
  },
  { type: 1, title: '花草微距', description: '花朵、蒲公英与小昆虫的推拉镜头', subjects: ['花朵', '蒲公英', '昆虫'] },
  { type: 1, title: '雨与溪流', description: '暴风雨、雨滴与林间溪流', subjects: ['雨天', '溪流', '海边'] },
  { type: 1, title: '萌宠小动物', description: '窗口的小狗、树干上的小鸟与蜻蜓瓢虫', subjects: ['小动物', '昆虫'] },
  { type: 2, title: '片头片尾精选', description: '雪山开场与山顶日落片尾', subjects: ['雪山', '日落'] },
  { type: 2, title: '节日与婚礼', description: '万寿菊祝福与蒲公英婚礼相册', subjects: ['万寿菊', '蒲公英'] },
  { type: 2, title: '企业宣传与电商', description: '海湾桥梁企业开场与生鲜促销', subjects: ['海湾', '无花果'] },
  {
    type: 11,
    title: '山川风光',
    description: '雪山、秋色山林、山顶日落与林间溪流',
    subjects: ['雪山', '秋色山林', '日落', '溪流', '沙丘'],
  },
  {
    type: 11,
    title: '花卉微距',
    description: '橙色花朵、万寿菊、蒲公英与花丛中的瓢虫',
    subjects: ['橙色花朵', '万寿菊', '黄色花朵', '蒲公英', '蒲公英种子', '瓢虫'],
  },
  {
    type: 11,
    title: '背景纹理',
    description: '木纹、叶脉、青草与水滴',
    subjects: ['木纹', '叶脉', '青草', '水滴', '雨滴'],
  },
  { type: 11, title: '萌宠与鸟虫', description: '小狗、小鸟与蜻蜓', subjects: ['小狗', '小鸟', '蜻蜓'] },
];

/** A demo subject: the words of one photo, clip or template, and the credits of the photos it shows. */
type DemoSubject = Subject & { credits: PhotoCredit[] };

function demoSubject(
  t: { word: string; title: string; tags: string[]; latin: string; description: string },
  categories: Subject['category'],
  photos: Photo[],
): DemoSubject {
  return {
    word: t.word,
    title: t.title,
    latin: t.latin,
    category: categories,
    related: t.tags.filter((x) => x !== t.word),
    desc: t.description,
    credits: photos.map(creditOf),
  };
}

/**
 * The demo works' words per type and the kind of media they show: images are the photos, videos
 * the clips made from them, templates the title cards over them (catalogue/photos.ts). Titles,
 * tags and descriptions say what is in the picture.
 */
const DEMO: Record<MaterialType, { kind: MediaKind; subjects: DemoSubject[] }> = {
  11: { kind: 'image', subjects: PHOTOS.map((p) => demoSubject(p, p.categories, [p])) },
  1: { kind: 'clip', subjects: CLIPS.map((c) => demoSubject(c, c.categories, clipPhotos(c))) },
  2: { kind: 'template', subjects: TEMPLATES.map((t) => demoSubject(t, t.categories, [templatePhoto(t)])) },
};

const DEMO_PATTERNS: ComposeWords['patterns'] = {
  1: ['{a}{s}实拍视频', '{s}{a}空镜素材', '{s}推拉镜头', '{a}{s}镜头合集', '高清{s}视频素材', '{s}{a}背景视频'],
  2: ['{s}主题{a}AE模板', '{a}{s}片头模板', '{s}宣传片PR模板', '{s}图文视频模板'],
  11: ['{a}{s}摄影图', '{s}{a}高清壁纸', '{a}{s}背景素材', '{s}实拍照片'],
};

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

/**
 * Media columns are filled by the seed.media job of the material's design (catalogue/media-task.ts);
 * credits are the authors and licences of the photos the design shows.
 */
async function insertMaterial(
  q: Queryable,
  m: ComposedMaterial,
  kind: MediaKind,
  ctx: { categoryId: number; ownerId: number; status: number; credits: PhotoCredit[] },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO materials(type, title, description, tags, category_id, owner_id, status, duration_sec, width, height, fps, format,
       price_cents, views, downloads, collects, search_tokens, created_at, credits)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16, $17::tsvector,
       now() - make_interval(days => $18::int, mins => $19::int), $20::jsonb) RETURNING id`,
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
      kind === 'image' ? 'JPG' : 'MP4',
      m.priceCents,
      m.views,
      m.downloads,
      m.collects,
      searchVector(m),
      m.ageDays,
      m.views % 1440,
      JSON.stringify(ctx.credits),
    ],
  );
  return Number(r.rows[0].id);
}

/** One demo work before it is stored: its texts, the media design it shows and the photo credits. */
export interface DemoWork {
  type: MaterialType;
  /** Index within its type. */
  k: number;
  m: ComposedMaterial;
  kind: MediaKind;
  design: number;
  status: number;
  credits: PhotoCredit[];
}

/** The demo works in insertion order (videos, images, templates), composed deterministically. */
export function composeDemoCatalogue(): DemoWork[] {
  const r = rng(20260501);
  const titles = new Set<string>();
  const works: DemoWork[] = [];
  for (const type of [1, 11, 2] as MaterialType[]) {
    const { kind, subjects } = DEMO[type];
    for (let k = 0; k < SEED_COUNTS[type]; k++) {
      const m = composeMaterial(type, k, r, titles, { subjects, patterns: DEMO_PATTERNS });
      const design = subjects.indexOf(m.subject as DemoSubject);
      const status = HIDDEN[works.length] ?? 1;
      works.push({ type, k, m, kind, design, status, credits: subjects[design].credits });
    }
  }
  return works;
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
    const bySubject = new Map<string, number[]>();
    const designs = new Map<string, SeedMediaPayload>();
    for (const [n, w] of composeDemoCatalogue().entries()) {
      const { type, m, kind, design, status, k } = w;
      const id = await insertMaterial(q, m, kind, {
        categoryId: categories.get(`${type}:${m.categoryName}`)!,
        ownerId: owners[n % owners.length],
        status,
        credits: w.credits,
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
    // Images take a second each, templates several, clips the longest: queue them in that order so
    // more of the site fills in sooner.
    const rank: Record<MediaKind, number> = { image: 0, template: 1, clip: 2 };
    const ordered = [...designs].sort(([, a], [, b]) => rank[a.kind] - rank[b.kind]);
    for (const [key, payload] of ordered) await enqueue(q, SEED_MEDIA_TASK, payload, { dedupeKey: key });
  });
}
