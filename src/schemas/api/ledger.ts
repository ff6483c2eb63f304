import type { FromSchema } from './from-schema';

/**
 * Queries and answers of the public evidence-log API /api/protection/ledger (server/src/routes/ledger.ts
 * validates with them; the verify pages build their requests from the same rules).
 * Receipt and proof bodies: verify-receipt.d.mts (EvidenceReceipt), documented in docs/evidence-log.md.
 */
/** Certificate numbers the log knows: LM + date + 8 digits, optionally "-" + a random check part. */
export const CERT_NO_PATTERN = '^LM[0-9]{16}(-[0-9A-Z]{6})?$';
/**
 * Every certificate number the evidence log holds: deposits (LM), web captures (WC), screen
 * recordings (SR) and trace certificates (TR). Each gets an offline receipt from /proof.
 */
export const LOG_CERT_NO_PATTERN = '^(LM|WC|SR|TR)[0-9]{16}(-[0-9A-Z]{6})?$';

export const proofQuerySchema = {
  $id: 'lumen:api/ledger-proof-query',
  title: '包含证明查询',
  description: '按证书编号取该存证在最新签名检查点下的包含证明（即存证回执）。',
  type: 'object',
  required: ['certNo'],
  additionalProperties: false,
  properties: { certNo: { type: 'string', title: '证书编号', pattern: LOG_CERT_NO_PATTERN } },
} as const;

export const consistencyQuerySchema = {
  $id: 'lumen:api/ledger-consistency-query',
  title: '一致性证明查询',
  description: '从旧树大小 from 到新树大小 to 的 RFC 9162 一致性证明（1 ≤ from ≤ to ≤ 当前大小）。',
  type: 'object',
  required: ['from', 'to'],
  additionalProperties: false,
  properties: {
    from: { type: 'integer', minimum: 1, maximum: 9007199254740991, title: '旧树大小' },
    to: { type: 'integer', minimum: 1, maximum: 9007199254740991, title: '新树大小' },
  },
} as const;

export const checkpointListQuerySchema = {
  $id: 'lumen:api/ledger-checkpoints-query',
  title: '检查点历史查询',
  description: '已发布的签名检查点，按树大小倒序；before 取小于该大小的更早记录。',
  type: 'object',
  additionalProperties: false,
  properties: {
    before: { type: 'integer', minimum: 1, maximum: 9007199254740991, title: '树大小上限（不含）' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, title: '条数' },
  },
} as const;

const b64 = { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$' } as const;

export const receiptSchema = {
  $id: 'lumen:api/evidence-receipt',
  title: '存证回执',
  description:
    '可离线验证的存证回执（lumen.evidence-receipt/v1）：日志叶子、包含证明、签名检查点与时间戳；verify-receipt.mjs 验证它。',
  type: 'object',
  required: [
    'format',
    'certNo',
    'sha256',
    'leafIndex',
    'leaf',
    'treeSize',
    'inclusionPath',
    'checkpoint',
    'logKey',
    'timestamp',
  ],
  additionalProperties: false,
  properties: {
    format: { type: 'string', const: 'lumen.evidence-receipt/v1', title: '格式' },
    certNo: { type: 'string', title: '证书编号' },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$', title: '文件 SHA-256' },
    leafIndex: { type: 'integer', minimum: 0, title: '叶子序号' },
    leaf: { ...b64, title: '叶子内容（base64）' },
    treeSize: { type: 'integer', minimum: 1, title: '树大小' },
    inclusionPath: { type: 'array', items: b64, title: '包含证明（base64 哈希）' },
    checkpoint: { type: 'string', title: '签名检查点（C2SP signed note）' },
    logKey: { type: 'string', title: '日志公钥' },
    timestamp: {
      type: ['object', 'null'],
      title: 'RFC 3161 时间戳',
      required: ['token'],
      properties: {
        token: { ...b64, title: '时间戳应答（DER，base64）' },
        tsaCertificate: { type: 'string', title: '时间戳证书（PEM）' },
        tsaRootCertificate: { type: 'string', title: '根证书（PEM）' },
      },
    },
    verifyUrl: { type: 'string', title: '证书查验地址' },
    cosignatures: {
      type: 'array',
      title: '见证人联署（c2sp.org/tlog-cosignature）',
      description: '见证人对 checkpoint 的联署签名行，拼接在检查点之后用已固定的见证人公钥验证。',
      items: { type: 'string' },
    },
  },
} as const;
export type EvidenceReceiptBody = FromSchema<typeof receiptSchema>;

export const logKeySchema = {
  $id: 'lumen:api/evidence-log-key',
  title: '存证日志公钥',
  description: '检查点签名公钥（C2SP verifier key）与时间戳机构证书。',
  type: 'object',
  required: ['origin', 'verifierKey', 'algorithm', 'tsa', 'witnesses', 'witnessQuorum'],
  additionalProperties: false,
  properties: {
    origin: { type: 'string', title: '日志名称' },
    verifierKey: { type: 'string', title: '验证公钥' },
    algorithm: { type: 'string', title: '签名算法' },
    witnesses: {
      type: 'array',
      title: '见证人',
      description:
        '为每个检查点联署的见证人（c2sp.org/tlog-witness）及其公钥（签名类型 0x04）；请像日志公钥一样固定它们。',
      items: {
        type: 'object',
        required: ['name', 'verifierKey'],
        additionalProperties: false,
        properties: { name: { type: 'string' }, verifierKey: { type: 'string' } },
      },
    },
    witnessQuorum: { type: 'integer', minimum: 0, title: '联署法定数', description: '回执至少须有几个见证人联署' },
    tsa: {
      type: ['object', 'null'],
      title: '时间戳机构',
      required: ['name', 'certificate', 'rootCertificate'],
      properties: {
        name: { type: 'string' },
        certificate: { type: ['string', 'null'] },
        rootCertificate: { type: ['string', 'null'] },
      },
    },
  },
} as const;
export type LogKey = FromSchema<typeof logKeySchema>;

export const checkpointListSchema = {
  $id: 'lumen:api/evidence-checkpoints',
  title: '检查点历史',
  description: '已发布的签名检查点，按树大小倒序（只增不改）。',
  type: 'object',
  required: ['list'],
  additionalProperties: false,
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['treeSize', 'rootHash', 'note', 'timestamp', 'createdAt'],
        additionalProperties: false,
        properties: {
          treeSize: { type: 'integer', title: '树大小' },
          rootHash: { ...b64, title: '根哈希' },
          note: { type: 'string', title: '签名检查点' },
          timestamp: { type: ['string', 'null'], title: '时间戳（base64）' },
          createdAt: { type: 'string', format: 'date-time', title: '签发时间' },
        },
      },
    },
  },
} as const;
export type PublishedCheckpoint = FromSchema<typeof checkpointListSchema>['list'][number];

export const consistencySchema = {
  $id: 'lumen:api/evidence-consistency',
  title: '一致性证明',
  description: 'RFC 9162 一致性证明：旧树大小、新树大小与证明路径（base64 哈希）。',
  type: 'object',
  required: ['from', 'to', 'path'],
  additionalProperties: false,
  properties: { from: { type: 'integer' }, to: { type: 'integer' }, path: { type: 'array', items: b64 } },
} as const;
export type ConsistencyProof = FromSchema<typeof consistencySchema>;
