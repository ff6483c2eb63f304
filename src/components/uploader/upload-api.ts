import { get, postJson, request } from '../../dataProvider/axios';

/** lumen:api/upload (src/schemas/api/upload.json): what every upload call answers. */
export interface UploadStatus {
  id: string;
  state: 'receiving' | 'assembling' | 'complete' | 'failed' | 'expired' | 'cancelled';
  workType: number;
  filename: string;
  size: number;
  chunkSize: number;
  totalChunks: number;
  uploaded: number[];
  sha256: string | null;
  mime: string | null;
  meta: Record<string, unknown> | null;
  error: string | null;
  proof: { offset: number; length: number } | null;
  expiresAt: string;
  completedAt: string | null;
}

/** lumen:api/upload-init: registers a file before its chunks and returns the upload id. */
export const initUpload = (body: { name: string; size: number; type?: string; sha256?: string; workType: number; chunkSize: number }) =>
  postJson<UploadStatus>('/api/upload/init', body);

export const proveUpload = (id: string, sha256: string) => postJson<UploadStatus>(`/api/upload/${id}/proof`, { sha256 });

export const getUpload = (id: string) => get<UploadStatus>(`/api/upload/${id}`);

export const cancelUpload = (id: string) => request<UploadStatus>('DELETE', `/api/upload/${id}`);
