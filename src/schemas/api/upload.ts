/**
 * TypeScript view of lumen:api/upload (upload.json beside this file): what every /api/upload call
 * answers. Shared by the server (services/uploads/status.ts) and the client (components/uploader).
 * Also the body of the possession proof, which reuses the init body's fingerprint rule.
 */
import uploadInit from './upload-init.json';
import type { FromSchema } from './from-schema';

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

/**
 * POST /api/upload/:id/proof (its route schema): the SHA-256 of the byte range the answer's `proof`
 * names, with the fingerprint rule and message of the init body.
 */
export const uploadProofBody = {
  type: 'object',
  required: ['sha256'],
  properties: {
    sha256: {
      ...uploadInit.properties.sha256,
      type: 'string',
      title: '字节范围的指纹',
      description: '答复中 proof 所指字节范围的 SHA-256（小写十六进制）',
    },
  },
} as const;
export type UploadProof = FromSchema<typeof uploadProofBody>;
