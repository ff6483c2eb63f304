import { download, get, postJson } from '../../dataProvider/axios';
import type { TraceCertCheck, TraceTimeline, TraceWork } from '../../schemas/api/trace';
import type { Job } from '../../schemas/api/job';

/** Calls of /api/trace (server/src/routes/trace.ts); shapes from src/schemas/api/trace.ts. */
export const traceWorks = () => get<{ list: TraceWork[] }>('/api/trace/works');
export const traceTimeline = (workId: number) => get<TraceTimeline>(`/api/trace/works/${workId}/timeline`);
export interface IssuedTraceCert {
  id: number;
  certNo: string;
  sha256: string;
  leafIndex: number;
  events: number;
}
/** Queues a certificate; it is drawn by a background job (follow it with traceJob). */
export const requestTraceCertificate = (workId: number) =>
  postJson<{ jobId: number }>(`/api/trace/works/${workId}/certificates`);
export const traceJob = (jobId: number) => get<Job>(`/api/jobs/${jobId}`);

/** Follows the certificate job until it ends, reporting its progress; resolves with the issued certificate. */
export async function waitForTraceCertificate(
  jobId: number,
  onProgress: (percent: number, message: string | null) => void,
  pollMs = 700,
): Promise<IssuedTraceCert> {
  for (;;) {
    const job = await traceJob(jobId);
    onProgress(job.progress, job.message);
    if (job.state === 'succeeded') return job.result as IssuedTraceCert;
    if (job.state === 'failed' || job.state === 'cancelled') throw new Error(job.error || '证书生成失败，请稍后重试');
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
export const downloadTraceCertificate = (certNo: string) =>
  download(`/api/trace/certificates/${encodeURIComponent(certNo)}/pdf`, undefined, `溯源证书-${certNo}.pdf`);
/** Public check by number; with sha256 (hashed in this browser) also whether a held file is the certificate. */
export const checkTraceCertificate = (certNo: string, sha256?: string) =>
  get<TraceCertCheck>(`/api/trace/verify/${encodeURIComponent(certNo)}`, sha256 ? { sha256 } : undefined);
