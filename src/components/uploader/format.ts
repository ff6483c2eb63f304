import { formatBytes as ruleBytes } from '../../schemas/file-rules';

/** Sizes as the rules write them ('3.1MB'), with bytes below 1 KB ('6B', not '0KB'). */
export const formatBytes = (n: number): string => (n < 1024 ? `${n}B` : ruleBytes(n));

/** '1.5MB/s'; '—' while there is no measured speed. */
export const formatSpeed = (bytesPerSecond: number): string =>
  bytesPerSecond > 0 ? `${formatBytes(bytesPerSecond)}/s` : '—';

/** '剩余 1分05秒'; '计算中' while unknown, '' when nothing is left. */
export function formatTimeLeft(seconds: number): string {
  if (!Number.isFinite(seconds)) return '剩余时间计算中';
  const s = Math.ceil(seconds);
  if (s <= 0) return '';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) return `剩余 ${h}小时${String(m).padStart(2, '0')}分`;
  if (m) return `剩余 ${m}分${String(sec).padStart(2, '0')}秒`;
  return `剩余 ${sec}秒`;
}
