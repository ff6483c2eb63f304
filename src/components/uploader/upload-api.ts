import { get, postJson, request } from '../../dataProvider/axios';
import type { UploadStatus } from '../../schemas/api/upload';

export type { UploadStatus };

/** lumen:api/upload-init: registers a file before its chunks and returns the upload id. */
export const initUpload = (body: {
  name: string;
  size: number;
  type?: string;
  sha256?: string;
  /** File.lastModified: lets the server resume this file's unfinished upload after a reload. */
  lastModified?: number;
  workType: number;
  chunkSize: number;
}) => postJson<UploadStatus>('/api/upload/init', body);

export const proveUpload = (id: string, sha256: string) =>
  postJson<UploadStatus>(`/api/upload/${id}/proof`, { sha256 });

export const getUpload = (id: string) => get<UploadStatus>(`/api/upload/${id}`);

export const cancelUpload = (id: string) => request<UploadStatus>('DELETE', `/api/upload/${id}`);
