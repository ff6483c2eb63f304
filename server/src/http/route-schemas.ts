/** JSON Schema fragments shared by the trade route modules (collect, trade, order, discount, wallet). */
import { idProp } from './params.js';

/** Record id params: the same fragment the generic resource routes use. */
export { idParams } from './params.js';

/** `title`s name the field in the Chinese validation message (src/schemas/messages.ts). */
export const scenarioProp = { type: 'string', title: '授权场景', minLength: 1, maxLength: 40 } as const;
export const materialIdProp = idProp('素材编号');
