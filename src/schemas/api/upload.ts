/**
 * TypeScript view of lumen:api/upload (upload.json beside this file): what every /api/upload call
 * answers. Shared by the server (services/uploads/status.ts) and the client (components/uploader).
 */
export interface UploadStatus {
  id: string;
  state: 'receiving' | 'assembling' | 'complete' | 'failed' | 'expired' | 'cancelled';
  workType: number;
  filename: string;
  size: number;
  chunkSize: number;
  totalChunks: number;
  /** Received chunk numbers; every chunk once the upload is assembled or assembling. */
  uploaded: number[];
  sha256: string | null;
  mime: string | null;
  meta: Record<string, unknown> | null;
  error: string | null;
  /** Possession challenge of an instant upload: the SHA-256 of this byte range is asked for. */
  proof: { offset: number; length: number } | null;
  expiresAt: string;
  completedAt: string | null;
}
