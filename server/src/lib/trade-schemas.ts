/** JSON Schema fragments shared by the trade route modules (collect, trade, order, discount, wallet). */
/** Record id params: the same fragment the generic resource routes use. */
export { idParams } from './resource-routes.js';

/** The list convention's query (page, pageSize, sort, order) plus whitelisted filters checked by parseListQuery. */
export const listQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    sort: { type: 'string', maxLength: 40 },
    order: { type: 'string', enum: ['asc', 'desc'] },
  },
  additionalProperties: { type: 'string', maxLength: 200 },
} as const;

export const scenarioProp = { type: 'string', minLength: 1, maxLength: 40 } as const;
export const materialIdProp = { type: 'integer', minimum: 1 } as const;

/** Envelope response schema with free-form data (documents the shape; data is not filtered). */
export const envelopeResponse = {
  200: {
    type: 'object',
    properties: { code: { type: 'integer' }, success: { type: 'boolean' }, msg: { type: 'string' }, message: { type: 'string' }, data: {} },
  },
} as const;
