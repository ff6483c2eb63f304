/**
 * Answers of /api/schemas (server/src/routes/schemas.ts): the current version of every rule, one
 * rule's stored body (a JSON Schema, passed through unchanged), its versions, and staff saves.
 */
import type { FromSchema } from './from-schema';

const text = { type: 'string' } as const;
const version = { type: 'integer', title: '版本号', description: '0 为内置版本' } as const;

/** A stored JSON Schema: open, it leaves the server exactly as stored. */
const schemaBody = { title: '规则内容', description: 'JSON Schema，原样返回', additionalProperties: true } as const;

/** One change between two versions (src/schemas/json-diff.ts). */
const diffSchema = {
  type: 'array',
  title: '变更',
  items: {
    type: 'object',
    required: ['path', 'op'],
    properties: {
      path: { ...text, title: '位置', description: 'JSON Pointer' },
      op: { type: 'string', title: '操作', enum: ['add', 'remove', 'replace'] },
      from: { title: '原值' },
      to: { title: '新值' },
    },
  },
} as const;

export const schemaAccessSchema = {
  type: 'object',
  required: ['staff'],
  properties: { staff: { type: 'boolean', title: '可管理规则' } },
} as const;

export const schemaListSchema = {
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'version'],
        properties: {
          id: { ...text, title: '规则编号' },
          version,
          title: { ...text, title: '名称' },
          description: { ...text, title: '说明' },
        },
      },
    },
    total: { type: 'integer' },
  },
} as const;

export const schemaCurrentSchema = {
  type: 'object',
  required: ['id', 'version', 'body'],
  properties: { id: { ...text, title: '规则编号' }, version, body: schemaBody },
} as const;

export const schemaVersionListSchema = {
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['version', 'body', 'authorId', 'authorName', 'createdAt', 'note', 'diff'],
        properties: {
          version,
          body: schemaBody,
          authorId: { type: ['integer', 'null'], title: '修改人编号' },
          authorName: { type: ['string', 'null'], title: '修改人' },
          createdAt: { type: ['string', 'null'], format: 'date-time', title: '保存时间' },
          note: { ...text, title: '说明' },
          diff: diffSchema,
        },
      },
    },
    total: { type: 'integer' },
  },
} as const;

/** A save or rollback: the new current version and what changed. */
export const schemaSavedSchema = {
  type: 'object',
  required: ['id', 'version', 'body', 'diff'],
  properties: { id: { ...text, title: '规则编号' }, version, body: schemaBody, diff: diffSchema },
} as const;

/** A file that meets the rule: what the server read from it (src/schemas/file-rules.ts FileMeta). */
export const fileCheckSchema = {
  type: 'object',
  required: ['meta'],
  properties: {
    meta: {
      type: 'object',
      title: '文件信息',
      required: ['name', 'size', 'type'],
      properties: {
        name: { ...text, title: '文件名' },
        size: { type: 'integer', title: '大小（字节）' },
        type: { ...text, title: '文件类型' },
        width: { type: ['integer', 'null'], title: '宽度' },
        height: { type: ['integer', 'null'], title: '高度' },
        durationSec: { type: ['number', 'null'], title: '时长（秒）' },
      },
      additionalProperties: true,
    },
  },
} as const;
export type SchemaVersionData = FromSchema<typeof schemaVersionListSchema>['list'][number];
