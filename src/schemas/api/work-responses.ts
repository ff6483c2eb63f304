/**
 * Answers of /api/user/works (server/src/routes/works.ts): the creator's own works as the list
 * convention answers them (server/src/repositories/works.ts workTable), the works created from
 * uploads, the uploads still waiting for a work, the media pipeline's state and the review view
 * (the shapes of src/schemas/api/review.ts).
 */
import type { FromSchema } from './from-schema';
import { labelled, labelledOrNull } from './labels';
import materialType from '../enums/material-type.json';
import workStatus from '../status/work.json';
import workRevision from '../status/work-revision.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const tags = { type: 'array', items: text, title: '标签' } as const;

export const workSchema = {
  title: '我的作品',
  type: 'object',
  required: [
    'id',
    'type',
    'title',
    'description',
    'tags',
    'status',
    'price_cents',
    'price',
    'views',
    'downloads',
    'collects',
    'cover_path',
    'created_at',
    'review_appeal',
    'revision_status',
  ],
  properties: {
    id,
    type: labelled(materialType),
    title: { ...text, title: '作品标题' },
    description: { ...text, title: '作品描述' },
    tags,
    status: labelled(workStatus),
    price_cents: { ...id, title: '价格（分）' },
    price: { type: 'number', title: '价格（元）' },
    views: { ...id, title: '浏览' },
    downloads: { ...id, title: '下载' },
    collects: { ...id, title: '收藏' },
    cover_path: { type: ['string', 'null'], title: '封面' },
    created_at: { ...time, title: '上传时间' },
    review_appeal: { type: 'boolean', title: '申诉中' },
    revision_status: labelledOrNull(workRevision, { title: '修改状态' }),
  },
} as const;

export const worksCreatedSchema = {
  title: '已创建的作品',
  type: 'object',
  required: ['works'],
  properties: {
    works: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'uploadId', 'certNo', 'jobId'],
        properties: {
          id,
          uploadId: { ...text, title: '上传编号' },
          certNo: { type: ['string', 'null'], title: '存证证书编号', description: '上传即存证的作品类别才有' },
          jobId: { ...id, title: '媒体处理任务' },
        },
      },
    },
  },
} as const;

export const uploadsAwaitingWorkSchema = {
  title: '待填写信息的上传',
  type: 'object',
  required: ['list'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'filename', 'size', 'mime', 'meta', 'completed_at'],
        properties: {
          id: { ...text, title: '上传编号' },
          filename: { ...text, title: '文件名' },
          size: { ...id, title: '大小（字节）' },
          mime: { ...text, title: '文件类型' },
          meta: { type: 'object', title: '文件信息', additionalProperties: true },
          completed_at: { ...time, title: '上传完成时间' },
        },
      },
    },
  },
} as const;

export const mediaStatusSchema = {
  title: '媒体处理状态',
  type: 'object',
  required: ['state', 'progress', 'message', 'error', 'stripUrl', 'strip'],
  properties: {
    state: {
      type: 'string',
      enum: ['none', 'processing', 'ready', 'failed'],
      description: 'none 未经处理流程（预置或较早的作品），processing 处理中，ready 已完成，failed 处理失败',
    },
    progress: { type: 'number', title: '进度', description: '0 到 100' },
    message: { type: ['string', 'null'], title: '进度说明' },
    error: { type: ['string', 'null'], title: '失败原因' },
    stripUrl: { type: ['string', 'null'], title: '缩略条' },
    strip: {
      type: ['object', 'null'],
      title: '缩略条布局',
      description: '{columns, rows, tileWidth, tileHeight, times}',
      additionalProperties: true,
    },
  },
} as const;

const reasons = {
  type: 'array',
  title: '原因',
  items: { type: 'object', required: ['code', 'title'], properties: { code: text, title: text } },
} as const;

const timelineEventSchema = {
  type: 'object',
  required: ['id', 'revisionId', 'actorRole', 'actorName', 'action', 'from', 'to', 'reasons', 'comment', 'at'],
  properties: {
    id,
    revisionId: { type: ['integer', 'null'], description: '关于修改时：from/to 为 lumen:status/work-revision 的值' },
    actorRole: { type: 'string', enum: ['creator', 'staff', 'system'] },
    actorName: { type: ['string', 'null'], description: '审核员对创作者隐藏' },
    action: text,
    from: { type: ['integer', 'null'] },
    to: { type: ['integer', 'null'] },
    reasons,
    comment: text,
    at: time,
  },
} as const;

const revisionViewSchema = {
  title: '作品修改',
  type: ['object', 'null'],
  required: ['id', 'status', 'appeal', 'submittedAt', 'fields', 'diff'],
  properties: {
    id,
    status: labelled(workRevision),
    appeal: { type: 'boolean', title: '申诉' },
    submittedAt: time,
    fields: {
      type: 'object',
      title: '修改后的内容',
      required: ['title', 'description', 'tags', 'price_cents', 'price'],
      properties: { title: text, description: text, tags, price_cents: id, price: { type: 'number' } },
    },
    diff: {
      type: 'array',
      title: '改动',
      items: {
        type: 'object',
        required: ['field', 'before', 'after'],
        properties: {
          field: { type: 'string', enum: ['title', 'description', 'tags', 'price'] },
          before: {},
          after: {},
        },
      },
    },
  },
} as const;

export const creatorReviewSchema = {
  title: '作品审核情况',
  type: 'object',
  required: ['revision', 'notice', 'events'],
  properties: {
    revision: revisionViewSchema,
    notice: {
      type: ['object', 'null'],
      title: '待处理的审核意见',
      required: ['scope', 'action', 'reasons', 'comment', 'at'],
      properties: {
        scope: { type: 'string', enum: ['work', 'revision'] },
        action: text,
        reasons,
        comment: text,
        at: time,
      },
    },
    events: { type: 'array', title: '时间线', items: timelineEventSchema },
  },
} as const;

export type Work = FromSchema<typeof workSchema>;
export type MediaStatus = FromSchema<typeof mediaStatusSchema>;
