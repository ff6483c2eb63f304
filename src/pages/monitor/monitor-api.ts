import { download, get, postJson, request } from '../../dataProvider/axios';
import type { HitStatus, MonitorFrequency, TriageAction } from '../../schemas/cyprotect/monitor';
import type { FromSchema } from '../../schemas/api/from-schema';
import type { monitorOfferSchema, monitorOverviewSchema } from '../../schemas/api/monitor-responses';
import type { HitTimeRange } from './time-range';

/** Client calls of /api/monitor (response shapes mirror server/src/routes/monitor.ts). */
export interface MonitorWork {
  id: number;
  title: string;
  type: number;
  cover: string | null;
  fingerprintState: string;
  frames: number;
  hits: number;
}
export interface MonitorSource {
  id: number;
  kind: string;
  name: string;
  url: string;
  maxDepth: number;
  lastCrawledAt: string | null;
  lastStatus: string | null;
}
export type MonitorOverview = FromSchema<typeof monitorOverviewSchema>;
/** GET /api/monitor/offers/:token: the offer page's view (public; the viewer's licence when signed in). */
export type LicenceOffer = FromSchema<typeof monitorOfferSchema>;
export interface MonitorHit {
  id: number;
  workId: number;
  mediaKind: 'image' | 'video';
  pageUrl: string;
  mediaUrl: string;
  host: string;
  thumb: string | null;
  similarity: number;
  distance: number;
  timeRange: HitTimeRange | null;
  status: HitStatus;
  licence: { id: number; licenseeName: string; scenario: string; verifyCode: string } | null;
  evidence: { sha256: string; certNo: string; height: number } | null;
  hasTakedown: boolean;
  offerToken: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  work: { id: number; title: string; cover: string | null; type: number };
}

export const fetchOverview = () => get<MonitorOverview>('/api/monitor/overview');
export const fetchCandidates = () =>
  get<{ list: Array<{ id: number; title: string; type: number; cover: string | null }> }>('/api/monitor/candidates');
export const addWork = (workId: number) => postJson('/api/monitor/works', { workId });
export const removeWork = (workId: number) => request('DELETE', `/api/monitor/works/${workId}`);
export const addSource = (form: { name: string; url: string; maxDepth?: number }) =>
  postJson('/api/monitor/sources', form);
export const removeSource = (id: number) => request('DELETE', `/api/monitor/sources/${id}`);
export const setFrequency = (frequency: MonitorFrequency) =>
  request('PUT', '/api/monitor/frequency', { frequency }, { json: true });
export const startScan = () => postJson<{ jobId: number }>('/api/monitor/scan', {});
export const fetchHits = (kind: 'image' | 'video', page: number, status?: string) =>
  get<{ total: number; list: MonitorHit[] }>('/api/monitor/hits', {
    kind,
    page,
    pageSize: 10,
    ...(status ? { status } : {}),
  });
export const triageHit = (id: number, action: TriageAction) =>
  postJson<{ status?: string; token?: string; link?: string; certNo?: string }>(`/api/monitor/hits/${id}/triage`, {
    action,
  });
export const downloadTakedown = (id: number) =>
  download(`/api/monitor/hits/${id}/takedown.pdf`, undefined, `侵权通知函-${id}.pdf`);

/** Where a stored public media key is served. */
export const fileUrl = (key: string | null) => (key ? `/files/${key}` : null);
/** Sandbox hosts are browsable through /dev/web; real sites open directly. */
export const viewUrl = (url: string) => {
  const u = new URL(url);
  return u.hostname.endsWith('.sandbox.test') ? `/dev/web/${u.host}${u.pathname}` : url;
};

export const fetchOffer = (token: string) => get<LicenceOffer>(`/api/monitor/offers/${encodeURIComponent(token)}`);
/** Registers the signed-in user's site for the offer, so the licence they buy covers the use found. */
export const claimOffer = (token: string) =>
  postJson<{ workId: number; scenario: string | null; title: string }>(
    `/api/monitor/offers/${encodeURIComponent(token)}/claim`,
    {},
  );
