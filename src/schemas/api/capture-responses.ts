/**
 * Answers of /api/protection/captures (server/src/routes/captures.ts serializes with them): my
 * web-page and screen-recording captures with their artefacts and job progress, the public check
 * of a capture certificate, and the screen-recording session calls. Fields mirror
 * server/src/repositories/web-captures.ts. The evidence files themselves (manifest.json, its
 * timestamp, the bundle) are served byte for byte by the file routes, never through these schemas.
 */
import { labelled } from './labels';
import captureStatus from '../status/web-capture.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const sha256 = { type: 'string', title: 'SHA-256' } as const;
const kind = {
  type: 'string',
  enum: ['web', 'screen'],
  title: '取证类型',
  description: 'web 网页取证，screen 录屏取证',
} as const;

const artefact = {
  type: 'object',
  required: ['name', 'sha256', 'size'],
  properties: {
    name: { ...text, title: '文件名' },
    sha256,
    size: { type: 'integer', title: '大小（字节）' },
  },
} as const;

export const captureVerificationSchema = {
  title: '取证证书查验',
  type: 'object',
  required: ['certNo', 'kind', 'urls', 'manifestSha256', 'logIndex', 'leafHash', 'capturedAt', 'tsaTime', 'artefacts'],
  properties: {
    certNo: { ...text, title: '证书编号' },
    kind,
    urls: { type: 'array', items: text, title: '取证网址' },
    manifestSha256: { ...sha256, title: '文件清单 SHA-256' },
    logIndex: { type: 'integer', title: '存证日志叶子序号' },
    leafHash: { ...text, title: '叶子哈希' },
    capturedAt: { ...time, title: '取证时间' },
    tsaTime: { ...nullableTime, title: '可信时间戳时间' },
    artefacts: { type: 'array', title: '证据文件', items: artefact },
  },
} as const;

const page = {
  type: 'object',
  additionalProperties: true,
  required: ['url', 'finalUrl', 'status', 'title', 'ok', 'redirects'],
  properties: {
    url: { ...text, title: '网址' },
    finalUrl: { ...nullableText, title: '最终网址' },
    status: { type: ['integer', 'null'], title: 'HTTP 状态' },
    title: { ...nullableText, title: '页面标题' },
    ok: { type: 'boolean', title: '成功' },
    failure: { ...text, description: '失败类别：dns、tls、timeout、network、http' },
    error: text,
    redirects: {
      type: 'array',
      title: '重定向',
      items: {
        type: 'object',
        required: ['from', 'to', 'status'],
        properties: { from: text, to: text, status: { type: 'integer' } },
      },
    },
  },
} as const;

export const captureRecordSchema = {
  title: '取证记录',
  type: 'object',
  required: [
    'id',
    'kind',
    'title',
    'urls',
    'steps',
    'status',
    'error',
    'pages',
    'artefacts',
    'manifestSha256',
    'certNo',
    'logIndex',
    'leafHash',
    'tsaTime',
    'createdAt',
    'finishedAt',
    'job',
  ],
  properties: {
    id,
    userId: id,
    kind,
    title: { ...text, title: '取证名称' },
    urls: { type: 'array', items: text, title: '取证网址' },
    steps: {
      type: 'array',
      title: '操作步骤',
      items: {
        type: 'object',
        additionalProperties: true,
        required: ['action'],
        properties: { action: text, selector: text, ms: { type: 'number' } },
      },
    },
    status: labelled(captureStatus),
    jobId: { type: ['integer', 'null'] },
    error: { ...nullableText, title: '失败原因' },
    pages: { type: 'array', title: '页面', items: page },
    artefacts: {
      type: 'array',
      title: '证据文件',
      items: {
        ...artefact,
        required: [...artefact.required, 'contentType'],
        properties: { ...artefact.properties, contentType: text },
      },
    },
    manifestSha256: { ...nullableText, title: '文件清单 SHA-256' },
    certNo: { ...nullableText, title: '证书编号' },
    logIndex: { type: ['integer', 'null'], title: '存证日志叶子序号' },
    leafHash: { ...nullableText, title: '叶子哈希' },
    tsaTime: { ...nullableTime, title: '可信时间戳时间' },
    createdAt: { ...time, title: '提交时间' },
    finishedAt: { ...nullableTime, title: '完成时间' },
    job: {
      type: ['object', 'null'],
      title: '取证任务',
      required: ['id', 'state', 'progress', 'message', 'attempts'],
      properties: {
        id,
        state: text,
        progress: { type: 'number', title: '进度' },
        message: nullableText,
        attempts: { type: 'integer', title: '尝试次数' },
      },
    },
  },
} as const;

export const captureListSchema = {
  title: '我的取证',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: captureRecordSchema }, total: id },
} as const;

export const captureStartedSchema = {
  type: 'object',
  required: ['id', 'jobId'],
  properties: { id, jobId: { ...id, title: '任务编号' } },
} as const;

export const recordingStartedSchema = {
  type: 'object',
  required: ['id', 'limitSeconds'],
  properties: { id, limitSeconds: { type: 'integer', title: '录屏时长上限（秒）' } },
} as const;

export const recordingInputSchema = {
  type: 'object',
  required: ['done'],
  properties: { done: { type: 'boolean' } },
} as const;

export const recordingStoppedSchema = { type: 'object', required: ['id'], properties: { id } } as const;
