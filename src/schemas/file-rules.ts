/**
 * Upload rules as data, and the ONE place their Chinese messages are built. The browser (RJSF keyword
 * on metadata read from the File) and the server (metadata measured from the uploaded bytes) both run
 * checkFileMeta/checkFileList, so the two sides cannot disagree on wording or limits.
 */

/** One upload rule object (validated by lumen:meta/upload-rule). */
export interface UploadRule {
  /** Chinese name for staff screens (optional; previews derive one from the work categories). */
  title?: string;
  kind: 'image' | 'video' | 'audio' | 'document' | 'any';
  /** Lower-case extensions without the dot, in display order. */
  extensions: string[];
  /** MIME types accepted, as browsers report them and as file-type detects them from content. */
  mimeTypes: string[];
  maxBytes?: number;
  maxCount: number;
  minWidth?: number;
  minHeight?: number;
  maxWidth?: number;
  maxHeight?: number;
  minDurationSec?: number;
}

/**
 * What is known about one file. `undefined` for width/height/durationSec means "not measured"
 * (e.g. the browser cannot decode AVI): the check is left to the server. `null` means measuring
 * was attempted and failed, which is refused.
 */
export interface FileMeta {
  name: string;
  size: number;
  type: string;
  width?: number | null;
  height?: number | null;
  durationSec?: number | null;
  [extra: string]: unknown;
}

/** Chinese noun of a rule's file kind ('图片', '视频', ...). */
export const kindNoun = (kind: UploadRule['kind']): string => NOUNS[kind];

const NOUNS: Record<UploadRule['kind'], string> = {
  image: '图片',
  video: '视频',
  audio: '音频',
  document: '文件',
  any: '文件',
};

/** 5242880 -> '5MB', 1572864 -> '1.5MB', 512000 -> '500KB', 2147483648 -> '2GB'. */
export function formatBytes(n: number): string {
  const MB = 1024 * 1024;
  if (n >= 1024 * MB) return `${Number((n / (1024 * MB)).toFixed(1))}GB`;
  if (n >= MB) return `${Number((n / MB).toFixed(1))}MB`;
  return `${Number((n / 1024).toFixed(1))}KB`;
}

export const extensionOf = (name: string): string => {
  const m = /\.([^./\\]+)$/.exec(name);
  return m ? m[1].toLowerCase() : '';
};

/** The headline message: '请上传JPG/PNG/JPEG格式图片，大小不超过5MB'. */
export function ruleMessage(rule: UploadRule): string {
  const exts = rule.extensions.map((e) => e.toUpperCase()).join('/');
  const size = rule.maxBytes ? `，大小不超过${formatBytes(rule.maxBytes)}` : '';
  return `请上传${exts}格式${NOUNS[rule.kind]}${size}`;
}

export function dimensionMessage(rule: UploadRule): string {
  const min = rule.minWidth || rule.minHeight ? `${rule.minWidth ?? 0}x${rule.minHeight ?? 0}` : '';
  const max = rule.maxWidth || rule.maxHeight ? `${rule.maxWidth ?? '不限'}x${rule.maxHeight ?? '不限'}` : '';
  if (min && max) return `图片尺寸需在${min}至${max}像素之间`;
  return min ? `图片尺寸不能小于${min}像素` : `图片尺寸不能大于${max}像素`;
}

export const durationMessage = (rule: UploadRule) => `${NOUNS[rule.kind]}时长不能少于${rule.minDurationSec}秒`;
export const countMessage = (rule: UploadRule) => `最多上传${rule.maxCount}个${NOUNS[rule.kind]}`;

/** Every requirement in one line, for hints under an upload field. */
export function ruleSummary(rule: UploadRule): string {
  const parts = [ruleMessage(rule)];
  if (rule.minWidth || rule.minHeight || rule.maxWidth || rule.maxHeight) parts.push(dimensionMessage(rule));
  if (rule.minDurationSec) parts.push(durationMessage(rule));
  parts.push(countMessage(rule));
  return parts.join('，');
}

const hasDims = (r: UploadRule) => !!(r.minWidth || r.minHeight || r.maxWidth || r.maxHeight);

/** The first rule a single file breaks, as its Chinese message; null when the file is acceptable. */
export function checkFileMeta(rule: UploadRule, meta: FileMeta): string | null {
  const ext = extensionOf(meta.name);
  if (!rule.extensions.map((e) => e.toLowerCase()).includes(ext)) return ruleMessage(rule);
  // Browsers report '' for types they do not know; the extension then decides and the server checks content.
  if (meta.type && !rule.mimeTypes.includes(meta.type.toLowerCase())) return ruleMessage(rule);
  if (rule.maxBytes && meta.size > rule.maxBytes) return ruleMessage(rule);
  if (hasDims(rule) && meta.width !== undefined) {
    const { width, height } = meta;
    if (width == null || height == null) return dimensionMessage(rule);
    if (rule.minWidth && width < rule.minWidth) return dimensionMessage(rule);
    if (rule.minHeight && height < rule.minHeight) return dimensionMessage(rule);
    if (rule.maxWidth && width > rule.maxWidth) return dimensionMessage(rule);
    if (rule.maxHeight && height > rule.maxHeight) return dimensionMessage(rule);
  }
  if (rule.minDurationSec && meta.durationSec !== undefined) {
    if (meta.durationSec == null || meta.durationSec < rule.minDurationSec) return durationMessage(rule);
  }
  return null;
}

/** Messages for a list of files (count first, then each file's first failure), de-duplicated. */
export function checkFileList(rule: UploadRule, files: FileMeta[]): string[] {
  const out = new Set<string>();
  if (files.length > rule.maxCount) out.add(countMessage(rule));
  for (const f of files) {
    const m = checkFileMeta(rule, f);
    if (m) out.add(m);
  }
  return [...out];
}
