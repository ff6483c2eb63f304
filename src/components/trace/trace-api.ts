import { download, get, postJson } from '../../dataProvider/axios';
import type { TraceCertCheck, TraceTimeline, TraceWork } from '../../schemas/api/trace';

/** Calls of /api/trace (server/src/routes/trace.ts); shapes from src/schemas/api/trace.ts. */
export const traceWorks = () => get<{ list: TraceWork[] }>('/api/trace/works');
export const traceTimeline = (workId: number) => get<TraceTimeline>(`/api/trace/works/${workId}/timeline`);
export const issueTraceCertificate = (workId: number) =>
  postJson<{ id: number; certNo: string; sha256: string; leafIndex: number; events: number }>(`/api/trace/works/${workId}/certificates`);
export const downloadTraceCertificate = (certNo: string) => download(`/api/trace/certificates/${encodeURIComponent(certNo)}/pdf`, undefined, `溯源证书-${certNo}.pdf`);
/** Public check by number; with sha256 (hashed in this browser) also whether a held file is the certificate. */
export const checkTraceCertificate = (certNo: string, sha256?: string) =>
  get<TraceCertCheck>(`/api/trace/verify/${encodeURIComponent(certNo)}`, sha256 ? { sha256 } : undefined);
