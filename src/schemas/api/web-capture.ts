/**
 * Web-page and screen-recording evidence (/api/protection/captures): certificate numbers, the
 * artefacts' labels and the public check's answer. Form: lumen:forms/web-capture; statuses:
 * lumen:status/web-capture.
 */
import type { FromSchema } from './from-schema';
import type { captureRecordSchema, captureVerificationSchema } from './capture-responses';

/** WC (网页取证) / SR (录屏取证) + yyyymmdd + 8-digit capture id + "-" + 6 random characters. */
export const CAPTURE_CERT_NO_PATTERN = '^(WC|SR)[0-9]{16}-[0-9A-Z]{6}$';

/** Chinese names of the artefact files (by name or by suffix) on the results page. */
export function artefactLabel(name: string): string {
  if (name.endsWith('screenshot.png')) return '整页截图';
  if (name.endsWith('page.pdf')) return '页面 PDF';
  if (name.endsWith('dom.html')) return '最终 DOM';
  if (name.startsWith('tls/')) return 'TLS 证书链';
  const fixed: Record<string, string> = {
    'archive.wacz': 'WACZ 网页档案',
    'archive.warc': 'WARC 记录',
    'archive.har': 'HAR 网络记录',
    'network.json': '网络、DNS 与重定向日志',
    'provenance.json': '来源与环境日志',
    'manifest.json': '文件清单',
    'manifest.tsr': '清单时间戳（RFC 3161）',
    'start.tsr': '开始时间戳（RFC 3161）',
    'recording.webm': '录屏视频',
    'recording.mp4': '录屏视频（MP4）',
    'actions.json': '操作记录',
  };
  return fixed[name] ?? name;
}

/** Why a page failed, in Chinese. */
export const PAGE_FAILURE_LABELS: Record<string, string> = {
  dns: '域名解析失败',
  tls: 'TLS 证书错误',
  timeout: '加载超时',
  network: '网络错误',
  http: '服务器返回错误状态',
};

/** The public check of a capture certificate (/certifiy/{certNo}). */
export type CaptureVerification = FromSchema<typeof captureVerificationSchema>;

/** A capture as its owner sees it (GET /api/protection/captures/:id and the list). */
export type CaptureRecord = FromSchema<typeof captureRecordSchema>;
