/**
 * POST /api/protection/credentials/verify: what a file says about itself (its Content Credentials,
 * C2PA) and where it stands in the catalogue. Shared by /certifiy and /tool.
 */
import type { FromSchema } from './from-schema';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

const step = {
  type: 'object',
  required: ['label', 'ok', 'detail'],
  properties: { label: text, ok: { type: ['boolean', 'null'] }, detail: text },
} as const;

export const credentialsVerifySchema = {
  $id: 'lumen:api/credentials-verify',
  title: '内容凭证查验',
  description: '读取文件中的内容凭证（C2PA）并校验签名、存证回执；没有凭证时按哈希与感知指纹匹配平台素材。',
  type: 'object',
  required: ['sha256', 'credentials', 'hashMatches', 'similar'],
  properties: {
    sha256: { ...text, title: '文件 SHA-256' },
    credentials: {
      title: '内容凭证',
      type: ['object', 'null'],
      required: ['valid', 'signedByPlatform', 'signer', 'failures', 'work', 'licence', 'deposit', 'receiptSteps'],
      properties: {
        valid: { type: 'boolean', title: '签名与内容绑定有效' },
        signedByPlatform: { type: 'boolean', title: '由本平台签发' },
        signer: { ...nullableText, title: '签名证书' },
        failures: { type: 'array', items: text, title: '未通过的校验' },
        work: {
          type: ['object', 'null'],
          required: ['title', 'creator', 'url'],
          properties: { title: text, creator: text, url: text },
        },
        licence: {
          type: ['object', 'null'],
          required: ['number', 'licensee', 'scenarioName', 'licensedAt', 'verifyUrl', 'current'],
          properties: {
            number: text,
            licensee: text,
            scenarioName: text,
            licensedAt: text,
            verifyUrl: text,
            current: { type: 'boolean', title: '授权仍然有效' },
          },
        },
        deposit: {
          type: ['object', 'null'],
          required: ['certNo', 'certificateUrl', 'leafIndex', 'treeSize', 'originalSha256'],
          properties: {
            certNo: text,
            certificateUrl: text,
            leafIndex: { type: 'integer' },
            treeSize: { type: 'integer' },
            originalSha256: text,
          },
        },
        receiptSteps: { type: 'array', items: step, title: '存证回执校验步骤' },
      },
    },
    hashMatches: {
      title: '哈希相同的存证',
      type: 'array',
      items: {
        type: 'object',
        required: ['certNo', 'workName'],
        properties: { certNo: text, workName: text },
      },
    },
    similar: {
      title: '感知指纹相近的素材',
      type: 'array',
      items: {
        type: 'object',
        required: ['materialId', 'title', 'similarity'],
        properties: { materialId: { type: 'integer' }, title: text, similarity: { type: 'number' } },
      },
    },
  },
} as const;

export type CredentialsVerify = FromSchema<typeof credentialsVerifySchema>;

/** Largest file /certifiy and /tool check (the server reads it whole, as c2pa-ts does). */
export const CREDENTIALS_VERIFY_MAX_BYTES = 200 * 1024 * 1024;
