/** Display helpers shared by the catalogue pages. */

export const TYPE_LABELS: Record<number, string> = { 1: '视频', 2: '模板', 11: '图片' };

/** Search type filter (spec §3): all, video 1, image 11, template 2. */
export const TYPE_TABS = [
  { key: '', label: '全部' },
  { key: '1', label: '视频' },
  { key: '11', label: '图片' },
  { key: '2', label: '模板' },
];

/** Video duration classes (spec §3/§9: thresholds 10 and 30 minutes). */
export const DURATION_OPTIONS = [
  { value: '', label: '不限时长' },
  { value: 'VIDEO_SHORT', label: '10分钟以内' },
  { value: 'VIDEO_MIDDLE', label: '10-30分钟' },
  { value: 'VIDEO_LONG', label: '30分钟以上' },
];

export const SORT_OPTIONS = [
  { value: 'relevance', label: '综合排序' },
  { value: 'newest', label: '最新上传' },
  { value: 'popular', label: '最多下载' },
  { value: 'price_asc', label: '价格从低到高' },
  { value: 'price_desc', label: '价格从高到低' },
];

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
