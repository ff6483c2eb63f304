/**
 * Answers of the owned protection records under /api/protection (deposit, registration, dci,
 * notarization; server/src/routes/resource-routes.ts serializes with them). A record is its
 * validated form (free keys: the form schema is versioned, lumen:forms/*) overlaid by the table's
 * columns, which are declared here from the SELECT lists in server/src/repositories.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import workCategory from '../enums/work-category.json';
import depositStatus from '../status/evidence-deposit.json';
import registrationStatus from '../status/registration.json';
import notarizationStatus from '../status/notarization.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
/** A jsonb column whose keys the other party (authority, notary) decides. */
const openObjectOrNull = { type: ['object', 'null'], additionalProperties: true } as const;

export const depositRecordSchema = {
  title: '存证记录',
  type: 'object',
  additionalProperties: true,
  required: ['id', 'work_name', 'work_category', 'file_name', 'sha256', 'status', 'created_at'],
  properties: {
    id,
    material_id: { type: ['integer', 'null'], title: '素材编号' },
    work_name: { ...text, title: '作品名称' },
    work_category: labelled(workCategory),
    file_name: { ...text, title: '文件名' },
    file_size: { ...id, title: '文件大小（字节）' },
    mime: text,
    sha256: { ...text, title: '文件 SHA-256' },
    status: labelled(depositStatus),
    ledger_height: { type: ['integer', 'null'], title: '存证日志叶子序号' },
    cert_no: { ...nullableText, title: '证书编号' },
    created_at: { ...time, title: '申请时间' },
    deposited_at: { ...nullableTime, title: '存证时间' },
  },
} as const;

export const registrationRecordSchema = {
  title: '登记申请',
  type: 'object',
  additionalProperties: true,
  required: ['id', 'kind', 'work_name', 'work_category', 'status', 'created_at', 'updated_at'],
  properties: {
    id,
    kind: { type: 'string', enum: ['copyright', 'dci'], description: 'copyright 版权登记，dci DCI 登记' },
    work_name: { ...text, title: '作品名称' },
    work_category: labelled(workCategory),
    ownership: { ...nullableText, title: '权利归属' },
    status: labelled(registrationStatus),
    case_no: { ...nullableText, title: '受理号' },
    registration_no: { ...nullableText, title: '登记号' },
    correction: { ...openObjectOrNull, title: '补正要求' },
    issued_at: { ...nullableTime, title: '发证时间' },
    created_at: { ...time, title: '申请时间' },
    updated_at: time,
  },
} as const;

export const notarizationRecordSchema = {
  title: '公证申请',
  type: 'object',
  additionalProperties: true,
  required: ['id', 'evidence_type', 'evidence_id', 'evidence_title', 'evidence_digest', 'status', 'created_at'],
  properties: {
    id,
    evidence_type: { type: 'string', enum: ['deposit', 'registration'], title: '证据类型' },
    evidence_id: id,
    evidence_title: { ...text, title: '证据名称' },
    evidence_digest: { ...text, title: '证据摘要', description: '存证的 SHA-256 或登记号' },
    status: labelled(notarizationStatus),
    case_no: { ...nullableText, title: '受理号' },
    request: { ...openObjectOrNull, title: '公证处的补充要求' },
    certificate_no: { ...nullableText, title: '公证书编号' },
    issued_at: { ...nullableTime, title: '出证时间' },
    created_at: { ...time, title: '申请时间' },
    updated_at: time,
  },
} as const;

/** A record's timeline (GET /:id/events of registrations and notarizations). */
function eventsOf<const S extends object>(status: S) {
  return {
    title: '办理进度',
    type: 'object',
    required: ['list'],
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'status', 'title', 'message', 'createdAt'],
          properties: { id, status, title: text, message: text, createdAt: time },
        },
      },
    },
  } as const;
}
export const registrationEventsSchema = eventsOf(labelled(registrationStatus));
export const notarizationEventsSchema = eventsOf(labelled(notarizationStatus));

/** What the notarization form's evidence picker offers (GET /api/protection/notarization/evidence). */
export const notaryEvidenceSchema = {
  title: '可公证的证据',
  type: 'object',
  required: ['list'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'id', 'title', 'digest', 'certNo', 'value'],
        properties: {
          type: { type: 'string', enum: ['deposit', 'registration'], title: '证据类型' },
          id,
          title: { ...text, title: '证据名称' },
          digest: text,
          certNo: { ...text, title: '证书编号' },
          value: { ...text, description: '表单取值 "type:id"' },
        },
      },
    },
  },
} as const;

/** The outcome of a signed callback from the copyright authority or the notary office. */
export const decisionOutcomeSchema = {
  type: 'object',
  required: ['outcome'],
  properties: {
    outcome: {
      type: 'string',
      enum: ['applied', 'duplicate', 'deferred', 'stale'],
      title: '处理结果',
      description:
        'applied 已按决定更新；duplicate 同一决定此前已处理；deferred 此前的决定尚未收到，平台将向机构查询状态后按序处理；stale 案件已处于该决定之后的状态',
    },
  },
} as const;

export type DepositRecord = FromSchema<typeof depositRecordSchema>;
export type RegistrationRecord = FromSchema<typeof registrationRecordSchema>;
export type NotarizationRecord = FromSchema<typeof notarizationRecordSchema>;

/** The server's check of a deposit against the signed evidence log (evidence/receipts.ts checkRecord). */
const logCheck = {
  valid: { type: 'boolean', title: '校验通过' },
  reason: { type: 'string', title: '校验说明' },
  height: { type: 'integer', title: '日志叶子序号', description: '历史名称：原区块高度' },
  blockHash: { type: ['string', 'null'], title: '叶子哈希', description: '历史名称：原区块哈希' },
  treeSize: { type: 'integer', title: '日志树大小' },
} as const;

/** POST /api/protection/deposit/:id/verify (answers only when the check passes). */
export const depositCheckSchema = {
  title: '存证校验',
  type: 'object',
  required: ['valid', 'reason', 'height', 'blockHash', 'treeSize'],
  properties: logCheck,
} as const;

/** GET /api/protection/deposit/verify/:certNo: the public certificate check. */
export const depositVerifySchema = {
  title: '存证证书查验',
  type: 'object',
  required: ['certNo', 'workName', 'workCategory', 'owner', 'fileName', 'sha256', 'depositedAt', 'valid', 'reason'],
  properties: {
    certNo: { ...text, title: '证书编号' },
    workName: { ...text, title: '作品名称' },
    workCategory: labelled(workCategory),
    owner: { ...nullableText, title: '存证人' },
    fileName: { ...text, title: '文件名' },
    sha256: { ...text, title: '文件 SHA-256' },
    depositedAt: { ...nullableTime, title: '存证时间' },
    ...logCheck,
  },
} as const;

/** GET /api/protection/lookup: completed deposits holding a file fingerprint. */
export const evidenceLookupSchema = {
  title: '文件指纹查询',
  type: 'object',
  required: ['sha256', 'matches'],
  properties: {
    sha256: { ...text, title: '文件 SHA-256' },
    matches: {
      type: 'array',
      items: {
        type: 'object',
        required: ['certNo', 'workName', 'workCategory', 'owner', 'fileName', 'depositedAt', 'ledgerHeight'],
        properties: {
          certNo: { ...text, title: '证书编号' },
          workName: { ...text, title: '作品名称' },
          workCategory: labelled(workCategory),
          owner: { ...nullableText, title: '存证人' },
          fileName: { ...text, title: '文件名' },
          depositedAt: { ...time, title: '存证时间' },
          ledgerHeight: { type: ['integer', 'null'], title: '存证日志叶子序号' },
        },
      },
    },
  },
} as const;

/** POST /api/protection/notarization/:id/supplement. */
export const supplementSchema = {
  type: 'object',
  required: ['id'],
  properties: { id },
} as const;

/** GET /api/certify/register/:id: the public view of an issued registration certificate. */
export const issuedRegistrationSchema = {
  title: '登记证书查验',
  type: 'object',
  required: ['id', 'kind', 'workName', 'workCategory', 'registrationNo', 'issuedAt', 'holder', 'hasCertificate'],
  properties: {
    id,
    kind: registrationRecordSchema.properties.kind,
    workName: { ...text, title: '作品名称' },
    workCategory: labelled(workCategory),
    registrationNo: { ...text, title: '登记号' },
    issuedAt: { ...nullableTime, title: '发证时间' },
    holder: { ...nullableText, title: '著作权人' },
    hasCertificate: { type: 'boolean', title: '可下载证书' },
  },
} as const;
