import { AI_GENERATED_CODES, DURATION_CLASSES, SEARCH_SORTS } from '../search/index.js';
import { bundledSchema, enumCodes } from '../../../src/schemas/index.js';

const enumTitle = (id: string) => String(bundledSchema(id)?.title ?? id);
import { idProp, MAX_INT4_ID } from '../http/params.js';

/** JSON Schema fragments shared by /api/index and /api/items (querystrings and params). */

export { idParams } from '../http/params.js';

/** Categories are a serial (int4) table. */
const categoryIdProp = idProp('分类', MAX_INT4_ID);
export const categoryIdParams = { type: 'object', required: ['id'], properties: { id: categoryIdProp } } as const;

/** 0 (or absent) means all types. */
export const typeProp = {
  type: 'integer',
  title: '素材类型',
  enum: enumCodes<number>('lumen:enums/search-type'),
} as const;
export const limitProp = { type: 'integer', title: '数量', minimum: 1, maximum: 50, default: 12 } as const;

export const typeLimitQuery = {
  type: 'object',
  properties: { type: typeProp, limit: limitProp },
} as const;

export const searchQuery = {
  type: 'object',
  properties: {
    keyword: { type: 'string', title: '关键词', maxLength: 50 },
    type: typeProp,
    duration: { type: 'string', enum: [...DURATION_CLASSES, ''] },
    categoryId: categoryIdProp,
    sort: { type: 'string', enum: [...SEARCH_SORTS, ''] },
    ai: {
      type: 'string',
      title: enumTitle('lumen:enums/ai-generated'),
      description: 'yes 只要AI生成的素材，no 只要非AI生成的，空或不传为全部（lumen:enums/ai-generated）',
      enum: [...AI_GENERATED_CODES, ''],
    },
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 500, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 60, default: 20 },
  },
} as const;

export const pageQuery = {
  type: 'object',
  properties: {
    type: typeProp,
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 1000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 60, default: 12 },
  },
} as const;

export const NOT_FOUND_MATERIAL = '素材不存在或已下架';
