import { DURATION_CLASSES, SEARCH_SORTS } from '../search/index.js';

/** JSON Schema fragments shared by /api/index and /api/items (querystrings and params). */

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } },
} as const;

/** 0 (or absent) means all types. */
export const typeProp = { type: 'integer', enum: [0, 1, 2, 11] } as const;
export const limitProp = { type: 'integer', minimum: 1, maximum: 50, default: 12 } as const;

export const typeLimitQuery = {
  type: 'object',
  properties: { type: typeProp, limit: limitProp },
} as const;

export const searchQuery = {
  type: 'object',
  properties: {
    keyword: { type: 'string', maxLength: 50 },
    type: typeProp,
    duration: { type: 'string', enum: [...DURATION_CLASSES, ''] },
    categoryId: { type: 'integer', minimum: 1 },
    sort: { type: 'string', enum: [...SEARCH_SORTS, ''] },
    page: { type: 'integer', minimum: 1, maximum: 500, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 60, default: 20 },
  },
} as const;

export const pageQuery = {
  type: 'object',
  properties: {
    type: typeProp,
    page: { type: 'integer', minimum: 1, maximum: 1000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 60, default: 12 },
  },
} as const;

export const NOT_FOUND_MATERIAL = '素材不存在或已下架';
