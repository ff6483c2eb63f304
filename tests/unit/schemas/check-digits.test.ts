import { describe, expect, it } from 'vitest';
import {
  idCardValid,
  maskCertificateNo,
  taxNumberValid,
  unifiedSocialCodeValid,
} from '../../../src/schemas/check-digits';
import { createAjv } from '../../../src/schemas/validator';
import { schemas } from '../../../src/schemas';

describe('certificate check characters', () => {
  it('ID card: GB 11643 check digit (X included) and a real birth date', () => {
    expect(idCardValid('11010519491231002X')).toBe(true);
    expect(idCardValid('11010519491231002x')).toBe(true);
    expect(idCardValid('110105194912310021')).toBe(false);
    expect(idCardValid('110105194902300025')).toBe(false); // 30 February, whatever its check digit
    expect(idCardValid('1101051949123100')).toBe(false);
  });

  it('unified social credit code: GB 32100 check character over its 31-character alphabet', () => {
    expect(unifiedSocialCodeValid('91350100M000100Y43')).toBe(true);
    expect(unifiedSocialCodeValid('91350100M000100Y44')).toBe(false);
    expect(unifiedSocialCodeValid('91350100I000100Y43')).toBe(false); // I is not in the alphabet
    expect(taxNumberValid('91350100M000100Y43')).toBe(true);
    expect(taxNumberValid('91350100M000100Y44')).toBe(false);
    expect(taxNumberValid('110105123456789')).toBe(true);
  });

  it('masks all but the first 3 and last 4 characters', () => {
    expect(maskCertificateNo('11010519491231002X')).toBe('110***********002X');
    expect(maskCertificateNo('AB1234')).toBe('A*****');
  });

  it('the certification forms refuse a wrong check digit through the shared ajv keyword', () => {
    const ajv = createAjv();
    for (const s of Object.values(schemas)) ajv.addSchema(s);
    const personal = ajv.getSchema('lumen:forms/certification-personal')!;
    const img = [{ name: 'a.jpg', size: 100, type: 'image/jpeg' }];
    const form = { certificateType: 1, realName: '张三', certificate: 'ID_CARD', frontImage: img, backImage: img };
    expect(personal({ ...form, certificateNo: '11010519491231002X' })).toBe(true);
    expect(personal({ ...form, certificateNo: '110105194912310021' })).toBe(false);
    expect(personal.errors!.some((e) => e.keyword === 'x-check-digit')).toBe(true);
  });
});
