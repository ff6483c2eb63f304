import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '../../../server/src/http/json-body.js';
import { findIllegalText, titleAt } from '../../../server/src/http/text-rule.js';
import { nonFiniteNumberError } from '../../../server/src/http/finite-numbers.js';
import { requestErrorAnswer } from '../../../server/src/http/request-errors.js';
import { hasAtMostDecimals } from '../../../src/schemas/validator.js';
import { listQuerySchema, col } from '../../../server/src/http/list-query.js';
import invoice from '../../../src/schemas/forms/invoice.json';

describe('input rules (pure parts)', () => {
  it('measures JSON nesting without parsing, ignoring brackets in strings and escaped quotes', () => {
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[","b":{"c":[]}}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[","b":1}', 2)).toBe(false);
    expect(jsonDepthExceeds(`{"a":${'['.repeat(33)}${']'.repeat(33)}}`)).toBe(true);
  });

  it('finds NUL and unpaired surrogates in values and keys, and accepts paired ones', () => {
    expect(findIllegalText({ a: ['ok', 'b\u0000'] })).toEqual(['a', '1']);
    expect(findIllegalText({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findIllegalText({ a: 'x\udc00' })).toEqual(['a']);
    expect(findIllegalText({ a: '表情😀', b: Buffer.from([0]) })).toBeNull();
  });

  it('names a field by its title through dependency branches and $ref', () => {
    expect(titleAt(invoice, ['bankName'])).toBe('开户银行');
    const lookup = (id: string) => (id === 'lumen:x' ? { title: '引用标题', type: 'string' } : undefined);
    expect(titleAt({ properties: { a: { type: 'array', items: { $ref: 'lumen:x' } } } }, ['a', '0'], lookup)).toBe(
      '引用标题',
    );
  });

  it('refuses numeric strings that overflow to Infinity only for numeric schema nodes', () => {
    const schema = { properties: { id: { type: 'integer', title: '编号' }, q: { type: 'string' } } };
    expect(nonFiniteNumberError({ id: '-1e400' }, schema)?.message).toBe('编号格式不正确');
    expect(nonFiniteNumberError({ id: '12', q: '1e400' }, schema)).toBeNull();
  });

  it('tells exactly whether money has at most two decimals', () => {
    for (const ok of [0.29, 0.07, 120.5, 1234567.89, 10000000, 0])
      expect(hasAtMostDecimals(ok, 2), String(ok)).toBe(true);
    for (const bad of [1e-9, 1e-12, 0.001, 10.005]) expect(hasAtMostDecimals(bad, 2), String(bad)).toBe(false);
  });

  it('maps request-reading errors to Chinese 4xx answers and leaves others alone', () => {
    expect(requestErrorAnswer(Object.assign(new Error('Unexpected end of multipart data'), {}) as any)).toEqual({
      status: 400,
      msg: '上传的表单不完整或格式不正确，请重新上传',
    });
    expect(requestErrorAnswer(new RangeError('Maximum call stack size exceeded') as any)?.status).toBe(400);
    expect(
      requestErrorAnswer(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }) as any)
        ?.status,
    ).toBe(413);
    expect(requestErrorAnswer(new Error('database down') as any)).toBeNull();
  });

  it('derives typed filter schemas from a list spec', () => {
    const s = listQuerySchema({
      columns: { createdAt: col.time('t.created_at', '时间'), n: col.smallint('t.n', '数') },
    });
    expect(s.properties.createdAt_gte).toMatchObject({ format: 'date-time', title: '时间' });
    expect(s.properties.n_lte).toMatchObject({ type: 'integer', maximum: 32767 });
    expect(s.properties.page).toMatchObject({ maximum: 10000 });
  });
});
