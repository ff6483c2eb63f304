/**
 * Answers of /api/drafts (server/src/routes/drafts.ts): the user's autosaved application drafts and
 * the draft policy (lumen:cyprotect/drafts). Fields mirror server/src/repositories/drafts.ts.
 */
import type { FromSchema } from './from-schema';

const id = { type: 'integer' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const formId = { type: 'string', title: '表单编号' } as const;
const title = { type: 'string', title: '草稿名称' } as const;

const draftSummarySchema = {
  title: '草稿',
  type: 'object',
  required: ['id', 'formId', 'title', 'createdAt', 'updatedAt', 'expiresAt'],
  properties: {
    id,
    formId,
    title,
    createdAt: { ...time, title: '创建时间' },
    updatedAt: { ...time, title: '最后保存' },
    expiresAt: { ...time, title: '过期时间' },
  },
} as const;

export const draftListSchema = {
  title: '我的草稿',
  type: 'object',
  required: ['list', 'ttlDays', 'maxPerUser', 'forms'],
  properties: {
    list: { type: 'array', items: draftSummarySchema },
    ttlDays: { ...id, title: '草稿保存天数' },
    maxPerUser: { ...id, title: '每个账号最多草稿数' },
    forms: {
      type: 'object',
      title: '保存草稿的表单',
      description: '以表单编号为键',
      additionalProperties: {
        type: 'object',
        required: ['title', 'resume'],
        properties: {
          title: { type: 'string', title: '表单名称' },
          resume: { type: 'string', title: '继续填写的页面' },
        },
      },
    },
  },
} as const;

export const draftSchema = {
  title: '草稿内容',
  type: 'object',
  required: ['id', 'formId', 'title', 'data', 'updatedAt', 'expiresAt'],
  properties: {
    id,
    formId,
    title,
    data: { type: 'object', title: '表单数据', description: '保存时的表单内容，原样返回', additionalProperties: true },
    updatedAt: time,
    expiresAt: time,
  },
} as const;

export const draftSavedSchema = {
  title: '草稿已保存',
  type: 'object',
  required: ['id', 'title', 'expiresAt'],
  properties: { id, title, expiresAt: time },
} as const;

export type DraftSummary = FromSchema<typeof draftSummarySchema>;
export type DraftList = FromSchema<typeof draftListSchema>;
export type Draft = FromSchema<typeof draftSchema>;
export type DraftSaved = FromSchema<typeof draftSavedSchema>;
