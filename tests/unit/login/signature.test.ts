import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { canonicalString, signedBody, signFields } from '../../../src/schemas/login/sms-sign';
import { decodePassword, encodePassword, microTimestamp } from '../../../src/schemas/login/password-codec';
import { SIGN_VECTOR } from '../../helpers/sms-sign-vector';

describe('SMS signature', () => {
  it('builds the documented canonical string: sorted non-empty fields, then the timestamp', () => {
    expect(canonicalString(SIGN_VECTOR.fields, SIGN_VECTOR.timestamp)).toBe(SIGN_VECTOR.canonical);
    expect(canonicalString({ b: '2', a: '1', sign: 'x', timestamp: '9', c: null }, 5)).toBe('a=1&b=2&timestamp=5');
  });

  it('matches the known vector and an independent HMAC-SHA256 (node:crypto)', () => {
    expect(signFields(SIGN_VECTOR.fields, SIGN_VECTOR.timestamp, SIGN_VECTOR.secret)).toBe(SIGN_VECTOR.sign);
    const independent = crypto.createHmac('sha256', SIGN_VECTOR.secret).update(SIGN_VECTOR.canonical).digest('base64');
    expect(independent).toBe(SIGN_VECTOR.sign);
  });

  it('changes when any field, the timestamp or the secret changes', () => {
    const base = signFields({ phone: '13800000001' }, '1', 's');
    expect(signFields({ phone: '13800000002' }, '1', 's')).not.toBe(base);
    expect(signFields({ phone: '13800000001' }, '2', 's')).not.toBe(base);
    expect(signFields({ phone: '13800000001' }, '1', 't')).not.toBe(base);
  });

  it('signedBody adds a millisecond timestamp and the signature over the other fields', () => {
    const b = signedBody({ phone: '13800000001' }, 's', 1700000000123);
    expect(b.timestamp).toBe('1700000000123');
    expect(b.sign).toBe(signFields({ phone: '13800000001' }, '1700000000123', 's'));
  });
});

describe('password transport encoding', () => {
  it('is base64 of the UTF-8 password immediately followed by a 16-digit microsecond ts', () => {
    const ts = microTimestamp(1700000000000);
    expect(ts).toMatch(/^1700000000000\d{3}$/);
    const enc = encodePassword('Lumen@2026', '1700000000000123');
    expect(Buffer.from(enc, 'base64').toString('utf8')).toBe('Lumen@20261700000000000123');
    expect(decodePassword(encodePassword('密码 with spaces', ts), ts)).toBe('密码 with spaces');
    expect(decodePassword(enc, '1700000000000999')).toBeNull();
  });
});
