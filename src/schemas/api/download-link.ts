/**
 * The answer of a file route when the object store hands out signed links (S3): a short-lived URL
 * instead of the bytes (/api/order/download/:id, /api/user/image-downloads/:id/file). On the
 * local store the same routes send the file itself (application/octet-stream).
 */
import type { FromSchema } from './from-schema';

export const downloadLinkSchema = {
  title: '下载链接',
  type: 'object',
  required: ['url', 'filename', 'expiresIn'],
  properties: {
    url: { type: 'string', title: '下载地址', description: '签名的临时地址' },
    filename: { type: 'string', title: '文件名' },
    expiresIn: { type: 'integer', title: '有效期（秒）' },
  },
} as const;

export type DownloadLink = FromSchema<typeof downloadLinkSchema>;
