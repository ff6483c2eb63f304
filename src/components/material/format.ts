/** Display helpers shared by the catalogue pages. */
import materialType from '../../schemas/enums/material-type.json';
import searchSort from '../../schemas/enums/search-sort.json';
import searchType from '../../schemas/enums/search-type.json';
import videoDuration from '../../schemas/enums/video-duration.json';
import aiGenerated from '../../schemas/enums/ai-generated.json';
import { enumCodes, enumOptions, lookupOf } from '../../schemas/registry';
import { durationClasses } from '../../schemas/video-duration';

// The tables themselves rather than the registry's index, which bundles every schema into the
// catalogue pages' first paint.
const tables = lookupOf(materialType, searchType, searchSort, videoDuration, aiGenerated);

export const TYPE_LABELS: Record<number, string> = Object.fromEntries(
  enumOptions('lumen:enums/material-type', tables).map((o) => [o.value, o.label]),
);

/** Catalogue types in the search filter's order (video, image, template), without its "all". */
export const CATALOGUE_TYPES = enumCodes<number>('lumen:enums/search-type', tables).filter((t) => t !== 0);

/** Search type filter (spec §3); its "all" (code 0) is the empty key. */
export const TYPE_TABS = enumOptions<number>('lumen:enums/search-type', tables).map((o) => ({
  key: o.value ? String(o.value) : '',
  label: o.label,
}));

/** Video duration classes (spec §3/§9), after a "no filter" option. */
export const DURATION_OPTIONS = [
  { value: '', label: '不限时长' },
  ...durationClasses(tables).map((c) => ({ value: c.code, label: c.label })),
];

export const SORT_OPTIONS = enumOptions<string>('lumen:enums/search-sort', tables);

/** The 「AI生成」 filter (lumen:enums/ai-generated), after its "no filter" option (the empty value). */
export const AI_OPTIONS = [{ value: '', label: '全部' }, ...enumOptions<string>('lumen:enums/ai-generated', tables)];

export function formatDuration(sec: number | null | undefined): string {
  if (sec === null || sec === undefined) return '';
  const s = Math.round(sec);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export function formatPrice(cents: number): string {
  return `¥${(cents / 100).toFixed(2)}`;
}

export function formatSize(bytes: number | null | undefined): string {
  if (!bytes) return '-';
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export function formatCount(n: number): string {
  // One decimal, but not a bare ".0": 36万, not 36.0万 (an estimated total has two significant figures).
  return n >= 10000 ? `${(n / 10000).toFixed(1).replace(/\.0$/, '')}万` : String(n);
}

/** A search's match count: exact ("128"), capped ("10000+") or estimated from a sample ("约 2.3万"). */
export function formatTotal(r: { total: number; totalCapped: boolean; totalEstimated?: boolean }): string {
  if (r.totalEstimated) return `约 ${formatCount(r.total)}`;
  return r.totalCapped ? `${r.total}+` : String(r.total);
}

/** Shown when a cover or preview image fails to load. */
export const ERROR_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270"><rect width="480" height="270" fill="#f0f0f0"/><path d="M190 175l35-45 25 30 20-22 40 37z" fill="#bfbfbf"/><circle cx="205" cy="110" r="14" fill="#bfbfbf"/></svg>',
  );
