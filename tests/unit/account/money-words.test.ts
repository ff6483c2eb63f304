import { describe, expect, it } from 'vitest';
import { moneyInWords } from '../../../server/src/documents/money-words';

describe('moneyInWords (价税合计大写)', () => {
  it.each([
    [0, '零圆整'],
    [5, '伍分'],
    [10000, '壹佰圆整'],
    [12345, '壹佰贰拾叁圆肆角伍分'],
    [100503, '壹仟零伍圆零叁分'],
    [1000000000, '壹仟万圆整'],
    [1000010000, '壹仟万零壹佰圆整'],
    [10000000000, '壹亿圆整'],
    [123456789, '壹佰贰拾叁万肆仟伍佰陆拾柒圆捌角玖分'],
  ])('%i cents -> %s', (cents, words) => {
    expect(moneyInWords(cents)).toBe(words);
  });
});
