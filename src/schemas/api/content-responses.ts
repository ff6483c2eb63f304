/**
 * Answers of the public /api/content routes (server/src/routes/content.ts): a published CMS entry,
 * the help-centre list and the submissions' receipts. Fields mirror server/src/repositories/cms.ts.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import cmsEntryForm from '../forms/cms-entry.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const kind = labelled(cmsEntryForm.properties.kind);

export const cmsEntrySchema = {
  title: '内容页',
  type: 'object',
  required: [
    'id',
    'kind',
    'slug',
    'category',
    'title',
    'summary',
    'bodyHtml',
    'event',
    'effectiveOn',
    'published',
    'sort',
    'version',
    'updatedAt',
    'registration',
  ],
  properties: {
    id,
    kind,
    slug: { type: ['string', 'null'], title: '固定路径' },
    category: { ...text, title: '帮助中心分组' },
    title: { ...text, title: '标题' },
    summary: { ...text, title: '摘要' },
    bodyHtml: { ...text, title: '正文', description: '运营保存的 HTML，客户端渲染前净化' },
    event: {
      type: ['object', 'null'],
      title: '活动信息',
      description: '活动类型的 lumen:forms/cms-entry#event（开始、结束时间、地点、议程、嘉宾）；其他类型为 null',
      additionalProperties: true,
    },
    effectiveOn: { type: ['string', 'null'], format: 'date', title: '生效日期' },
    published: { type: 'boolean', title: '公开发布' },
    sort: { ...id, title: '排序' },
    version: { ...id, title: '版本' },
    updatedAt: { type: 'string', format: 'date-time', title: '更新时间' },
    registration: {
      type: ['object', 'null'],
      title: '报名状态',
      description: '仅活动：是否接受报名，不接受时的原因',
      required: ['open', 'reason'],
      properties: { open: { type: 'boolean', title: '可报名' }, reason: { type: ['string', 'null'], title: '原因' } },
    },
  },
} as const;

export const helpCentreSchema = {
  title: '帮助中心',
  type: 'object',
  required: ['list', 'notices'],
  properties: {
    list: {
      type: 'array',
      title: '帮助文章',
      items: {
        type: 'object',
        required: ['id', 'kind', 'category', 'title', 'summary'],
        properties: { id, kind, category: { ...text, title: '分组' }, title: text, summary: text },
      },
    },
    notices: {
      type: 'array',
      title: '最新公告',
      items: {
        type: 'object',
        required: ['id', 'title', 'summary', 'updatedAt'],
        properties: { id, title: text, summary: text, updatedAt: { type: 'string', format: 'date-time' } },
      },
    },
  },
} as const;

export const registrationReceivedSchema = {
  type: 'object',
  required: ['entryId'],
  properties: { entryId: { ...id, title: '活动编号' } },
} as const;

export const enquiryReceivedSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { ...id, title: '咨询编号' } },
} as const;

export type CmsEntry = FromSchema<typeof cmsEntrySchema>;
export type HelpCentre = FromSchema<typeof helpCentreSchema>;
