import { CATEGORIES, LATIN_TAGS, STYLES, SUBJECTS, TITLE_PATTERNS, type Subject } from './vocab.js';

/** Deterministic PRNG (mulberry32) so the demo catalogue, tests and bench are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type MaterialType = 1 | 2 | 11;

export interface ComposedMaterial {
  type: MaterialType;
  subject: Subject;
  title: string;
  tags: string[];
  description: string;
  categoryName: string;
  durationSec: number | null;
  fps: number | null;
  priceCents: number;
  views: number;
  downloads: number;
  collects: number;
  ageDays: number;
}

const USAGES = ['短视频', '宣传片', '广告', '自媒体', '企业年会', '电商详情页', '课件', '片头'];
const TYPE_TAG: Record<MaterialType, string> = { 1: '视频素材', 2: '模板', 11: '图片' };

/** Seconds of a video: 70 % short (<10 min), 20 % middle (10-30 min), 10 % long (>30 min). */
function duration(r: () => number, k: number): number {
  const bucket = k % 10;
  if (bucket < 7) return 8 + Math.floor(r() * 532);
  if (bucket < 9) return 600 + Math.floor(r() * 1190);
  return 1810 + Math.floor(r() * 3000);
}

/** Where composeMaterial takes its words: the vocabulary (bench) or the demo photos' subjects (seed). */
export interface ComposeWords {
  subjects: Subject[];
  patterns: Record<MaterialType, string[]>;
}

const VOCABULARY: ComposeWords = { subjects: SUBJECTS, patterns: TITLE_PATTERNS };

/** One material's texts and numbers; k is its index within its type. */
export function composeMaterial(
  type: MaterialType,
  k: number,
  r: () => number,
  usedTitles?: Set<string>,
  words: ComposeWords = VOCABULARY,
): ComposedMaterial {
  const { subjects, patterns } = words;
  const subject = subjects[(k + Math.floor(k / subjects.length)) % subjects.length];
  let title = '';
  for (let attempt = 0; attempt < 6; attempt++) {
    const pattern = patterns[type][Math.floor(r() * patterns[type].length)];
    const style = STYLES[Math.floor(r() * STYLES.length)];
    title = pattern.replace('{s}', subject.word).replace('{a}', style);
    if (!usedTitles?.has(title)) break;
  }
  // A subject's own title (written for its picture) goes to its first work.
  if (subject.title && !usedTitles?.has(subject.title)) title = subject.title;
  usedTitles?.add(title);
  const style = STYLES[Math.floor(r() * STYLES.length)];
  const tags = [
    ...new Set([
      subject.word,
      ...subject.related,
      style,
      TYPE_TAG[type],
      ...(subject.latin ? [subject.latin] : LATIN_TAGS[subject.word] ? [LATIN_TAGS[subject.word]] : []),
    ]),
  ];
  const usage = USAGES[Math.floor(r() * USAGES.length)];
  const description = `${title}。${subject.desc}画面${style}，适用于${usage}等商业与个人创作场景。`;
  const views = 50 + Math.floor(r() * r() * 20000);
  const price =
    type === 1
      ? 9900 + Math.floor(r() * 9) * 5000
      : type === 2
        ? 4900 + Math.floor(r() * 7) * 2500
        : 990 + Math.floor(r() * 10) * 1000;
  return {
    type,
    subject,
    title,
    tags,
    description,
    categoryName: subject.category[type],
    durationSec: type === 1 ? duration(r, k) : type === 2 ? 10 + Math.floor(r() * 80) : null,
    fps: type === 11 ? null : [24, 25, 30, 50, 60][Math.floor(r() * 5)],
    priceCents: price,
    views,
    downloads: Math.floor(views / (8 + r() * 20)),
    collects: Math.floor(views / (15 + r() * 30)),
    ageDays: Math.floor(r() * 180),
  };
}

export { CATEGORIES };
