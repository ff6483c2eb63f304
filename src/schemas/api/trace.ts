import type { FromSchema } from './from-schema';

/**
 * Traceability (溯源, /cyprotect/mytrace and /copyright/trace/cert): the timeline of one work's
 * chain of title and spread, and the public check of a trace certificate. server/src/routes/trace.ts
 * serialises with these shapes; the pages read the derived types and the kind labels.
 */

/** Trace certificate numbers: TR + yyyymmdd + 8-digit id + "-" + 6 random characters (not enumerable). */
export const TRACE_CERT_NO_PATTERN = '^TR[0-9]{16}-[0-9A-Z]{6}$';

/** What a timeline event records, in chain order of a work's life, with its label and Timeline colour. */
export const TRACE_EVENT_KINDS = {
  upload: { label: '作品上传', color: 'blue' },
  deposit: { label: '版权存证', color: 'green' },
  registration: { label: '版权登记', color: 'green' },
  dci: { label: 'DCI 登记', color: 'green' },
  licence: { label: '授权售出', color: 'cyan' },
  transfer: { label: '版权交易', color: 'purple' },
  'monitor-hit': { label: '监测发现', color: 'orange' },
  'trace-cert': { label: '溯源证书', color: 'gray' },
} as const;
export type TraceEventKind = keyof typeof TRACE_EVENT_KINDS;
export const TRACE_EVENT_KIND_VALUES = Object.keys(TRACE_EVENT_KINDS) as TraceEventKind[];

const nullableText = { type: ['string', 'null'] } as const;

export const traceEventSchema = {
  $id: 'lumen:api/trace-event',
  title: '溯源事件',
  description:
    '作品权属与传播链上的一个事件：时间、类别、标题与说明；有存证日志记录时给出证书编号、文件哈希与日志叶子序号。买方名称已脱敏。',
  type: 'object',
  required: ['kind', 'at', 'title', 'detail', 'status', 'certNo', 'sha256', 'leafIndex', 'url'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: TRACE_EVENT_KIND_VALUES, title: '类别' },
    at: { type: 'string', format: 'date-time', title: '时间' },
    title: { type: 'string', title: '标题' },
    detail: { type: 'string', title: '说明' },
    status: { ...nullableText, title: '状态或结果' },
    certNo: { ...nullableText, title: '证书编号' },
    sha256: { ...nullableText, title: '文件 SHA-256' },
    leafIndex: { type: ['integer', 'null'], title: '存证日志叶子序号' },
    url: { ...nullableText, title: '相关网址' },
  },
} as const;
export type TraceEvent = FromSchema<typeof traceEventSchema>;
/** The event shape nested in lists (a nested $id would be registered twice by the response serialiser). */
const { $id: _eventId, ...traceEventItem } = traceEventSchema;

export const traceWorkSchema = {
  $id: 'lumen:api/trace-work',
  title: '可溯源的作品',
  description: '用户本人的一件作品与其溯源事件数。',
  type: 'object',
  required: ['id', 'title', 'type', 'status', 'createdAt', 'coverUrl', 'events', 'certificates'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', title: '作品ID' },
    title: { type: 'string', title: '作品标题' },
    type: { type: 'integer', title: '素材类型' },
    status: { type: 'integer', title: '作品状态' },
    createdAt: { type: 'string', format: 'date-time', title: '上传时间' },
    coverUrl: { ...nullableText, title: '封面' },
    events: { type: 'integer', title: '事件数' },
    certificates: { type: 'integer', title: '已出具溯源证书数' },
  },
} as const;
export type TraceWork = FromSchema<typeof traceWorkSchema>;

export const traceTimelineSchema = {
  $id: 'lumen:api/trace-timeline',
  title: '作品溯源时间线',
  description: '一件作品从创作到传播的全部事件，按时间先后排列。',
  type: 'object',
  required: ['work', 'events'],
  additionalProperties: false,
  properties: {
    work: {
      type: 'object',
      required: ['id', 'title'],
      properties: { id: { type: 'integer' }, title: { type: 'string' } },
    },
    events: { type: 'array', items: traceEventItem },
  },
} as const;
export type TraceTimeline = FromSchema<typeof traceTimelineSchema>;

export const traceCertCheckSchema = {
  $id: 'lumen:api/trace-cert-check',
  title: '溯源证书核验结果',
  description:
    '按证书编号公开核验：证书记载的内容、存证日志中的记录是否与证书一致；给出 sha256 时还比对持有的 PDF 文件是否与登记的证书一致。',
  type: 'object',
  required: [
    'certNo',
    'workTitle',
    'owner',
    'issuedAt',
    'sha256',
    'events',
    'valid',
    'reason',
    'leafIndex',
    'treeSize',
    'fileMatches',
  ],
  additionalProperties: false,
  properties: {
    certNo: { type: 'string', title: '证书编号' },
    workTitle: { type: 'string', title: '作品名称' },
    owner: { type: 'string', title: '权利人' },
    issuedAt: { type: 'string', format: 'date-time', title: '出具时间' },
    sha256: { type: 'string', title: '证书 PDF 的 SHA-256' },
    events: { type: 'array', items: traceEventItem },
    valid: { type: 'boolean', title: '日志校验是否通过' },
    reason: { type: 'string', title: '校验说明' },
    leafIndex: { type: 'integer', title: '日志叶子序号' },
    treeSize: { type: 'integer', title: '树大小' },
    fileMatches: { type: ['boolean', 'null'], title: '所给文件是否为该证书（未给文件时为空）' },
  },
} as const;
export type TraceCertCheck = FromSchema<typeof traceCertCheckSchema>;

export const traceCertQuerySchema = {
  $id: 'lumen:api/trace-cert-query',
  title: '溯源证书核验参数',
  description: '可选：持有的证书 PDF 的 SHA-256（在浏览器本地计算，文件不上传）。',
  type: 'object',
  additionalProperties: false,
  properties: { sha256: { type: 'string', title: '证书文件指纹（SHA-256）', pattern: '^[0-9a-fA-F]{64}$' } },
} as const;

/** POST /api/trace/works/:id/certificates: the queued job drawing the certificate (follow it at /api/jobs/:jobId). */
export const traceCertRequestSchema = {
  title: '溯源证书生成任务',
  type: 'object',
  required: ['jobId'],
  additionalProperties: false,
  properties: { jobId: { type: 'integer', title: '任务编号' } },
} as const;
