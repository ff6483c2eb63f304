/**
 * Queries of the public evidence-log API /api/protection/ledger (server/src/routes/ledger.ts
 * validates with them; the verify pages build their requests from the same rules).
 * Receipt and proof bodies: verify-receipt.d.mts (EvidenceReceipt), documented in README.
 */
/** Certificate numbers the log knows: LM + date + 8 digits, optionally "-" + a random check part. */
export const CERT_NO_PATTERN = '^LM[0-9]{16}(-[0-9A-Z]{6})?$';

export const proofQuerySchema = {
  $id: 'lumen:api/ledger-proof-query',
  title: '包含证明查询',
  description: '按证书编号取该存证在最新签名检查点下的包含证明（即存证回执）。',
  type: 'object',
  required: ['certNo'],
  additionalProperties: false,
  properties: { certNo: { type: 'string', title: '证书编号', pattern: CERT_NO_PATTERN } },
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
