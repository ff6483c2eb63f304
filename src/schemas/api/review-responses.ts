/**
 * Answers of the staff review console, /api/admin/review (server/src/routes/review.ts serializes
 * with them). Fields mirror server/src/repositories/review-queue.ts; the TypeScript shapes in
 * review.ts describe the same rows.
 */
import { labelled } from './labels';
import materialType from '../enums/material-type.json';
import workStatus from '../status/work.json';
import revisionStatus from '../status/work-revision.json';
import { aiLabelProperties } from '../provenance';

/** A pending work (kind 'work') or revision in the staff queue, oldest first. */
export const reviewQueueSchema = {
  title: '审核队列',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'kind',
          'material_id',
          'revision_id',
          'type',
          'title',
          'owner_id',
          'owner_name',
          'submitted_at',
          'appeal',
          'cover_path',
        ],
        properties: {
          kind: {
            type: 'string',
            title: '审核对象',
            enum: ['work', 'revision'],
            'x-enum-labels': { work: '新作品', revision: '在售作品的修改' },
          },
          material_id: { type: 'integer' },
          revision_id: { type: ['integer', 'null'] },
          type: labelled(materialType),
          title: { type: ['string', 'null'], title: '标题' },
          owner_id: { type: ['integer', 'null'] },
          owner_name: { type: ['string', 'null'], title: '创作者' },
          submitted_at: { type: 'string', format: 'date-time', title: '提交时间' },
          appeal: { type: 'boolean', title: '申诉' },
          cover_path: { type: ['string', 'null'] },
        },
      },
    },
    total: { type: 'integer' },
  },
} as const;

const int = { type: 'integer' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;

const reasonSchema = {
  type: 'object',
  required: ['code', 'title'],
  properties: { code: { type: 'string' }, title: { type: 'string', title: '原因' } },
} as const;

/** One entry of a work's timeline (work_events); staff see every actor's name. */
export const timelineEventSchema = {
  type: 'object',
  required: ['id', 'revisionId', 'actorRole', 'actorName', 'action', 'from', 'to', 'reasons', 'comment', 'at'],
  properties: {
    id: int,
    revisionId: { ...nullableInt, description: '关于修改时：from/to 为修改状态码' },
    actorRole: {
      type: 'string',
      title: '操作方',
      enum: ['creator', 'staff', 'system'],
      'x-enum-labels': { creator: '创作者', staff: '审核员', system: '系统' },
    },
    actorName: { ...nullableText, title: '操作人' },
    action: { type: 'string', title: '操作' },
    from: nullableInt,
    to: nullableInt,
    reasons: { type: 'array', items: reasonSchema },
    comment: { type: 'string', title: '说明' },
    at: time,
  },
} as const;

/** Everything staff see about one work under review (GET /works/:id and each decision's answer). */
export const staffReviewSchema = {
  title: '审核详情',
  type: 'object',
  required: ['work', 'media', 'revision', 'duplicates', 'events'],
  properties: {
    work: {
      type: 'object',
      required: [
        'id',
        'type',
        'title',
        'description',
        'tags',
        'status',
        'price',
        'coverUrl',
        'previewUrl',
        'durationSec',
        'width',
        'height',
        'format',
        'sizeBytes',
        'createdAt',
        'submittedAt',
        'appeal',
        'appealText',
        'owner',
        'digest',
        'aiGenerated',
        'aiSource',
        'aiDeclared',
        'aiConflict',
        'provenance',
      ],
      properties: {
        id: int,
        type: labelled(materialType),
        title: { type: 'string', title: '标题' },
        description: { type: 'string', title: '描述' },
        tags: { type: 'array', items: { type: 'string' } },
        status: { ...labelled(workStatus), title: '作品状态' },
        price: { type: 'number', title: '价格（元）' },
        coverUrl: nullableText,
        previewUrl: nullableText,
        durationSec: { type: ['number', 'null'], title: '时长（秒）' },
        width: nullableInt,
        height: nullableInt,
        format: nullableText,
        sizeBytes: nullableInt,
        createdAt: time,
        submittedAt: { ...time, title: '提交审核时间' },
        appeal: { type: 'boolean', title: '申诉' },
        appealText: { ...nullableText, title: '申诉理由' },
        owner: {
          type: 'object',
          required: ['id', 'nickname'],
          properties: { id: nullableInt, nickname: { ...nullableText, title: '创作者' } },
        },
        digest: { type: 'string', description: '内容摘要：决定须指明审核员看到的内容' },
        ...aiLabelProperties,
      },
    },
    media: {
      type: 'object',
      title: '媒体处理',
      required: ['state', 'progress', 'message', 'error'],
      properties: {
        state: {
          type: 'string',
          enum: ['none', 'processing', 'ready', 'failed'],
          'x-enum-labels': { none: '未处理', processing: '处理中', ready: '已就绪', failed: '失败' },
        },
        progress: { type: 'number' },
        message: nullableText,
        error: nullableText,
      },
    },
    revision: {
      type: ['object', 'null'],
      title: '待审核的修改',
      required: ['id', 'status', 'appeal', 'submittedAt', 'fields', 'diff'],
      properties: {
        id: int,
        status: { ...labelled(revisionStatus), title: '修改状态' },
        appeal: { type: 'boolean' },
        submittedAt: time,
        fields: {
          type: 'object',
          description: '修改后的内容（lumen:forms/work 字段，price 为元）',
          additionalProperties: true,
          properties: {
            title: { type: 'string' },
            description: { type: 'string' },
            tags: { type: 'array', items: { type: 'string' } },
            price: { type: 'number' },
          },
        },
        diff: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'before', 'after'],
            properties: {
              field: { type: 'string', enum: ['title', 'description', 'tags', 'price'] },
              before: { description: '修改前的值' },
              after: { description: '修改后的值' },
            },
          },
        },
        appealText: nullableText,
      },
    },
    duplicates: {
      type: 'array',
      title: '疑似重复',
      items: {
        type: 'object',
        required: [
          'material_id',
          'title',
          'status',
          'type',
          'coverUrl',
          'owner_name',
          'distance',
          'kind',
          'created_at',
        ],
        properties: {
          material_id: int,
          title: { type: 'string' },
          status: int,
          type: labelled(materialType),
          coverUrl: nullableText,
          owner_name: nullableText,
          distance: { type: 'number', title: '距离' },
          kind: { type: 'string', description: '比对方式，如 pdq、video-pdqf、sha256' },
          created_at: time,
        },
      },
    },
    events: { type: 'array', items: timelineEventSchema },
  },
} as const;
