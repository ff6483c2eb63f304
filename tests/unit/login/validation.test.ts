import { describe, expect, it } from 'vitest';
import { filterDigits, validateLoginForm } from '../../../src/schemas/login/validation';

describe('login input filters (spec §5)', () => {
  it('strips spaces, reverts non-digits and cuts to the maximum', () => {
    expect(filterDigits('138', '138 0', 11)).toBe('1380');
    expect(filterDigits('138', '138a', 11)).toBe('138');
    expect(filterDigits('', '138-0000', 11)).toBe('');
    expect(filterDigits('1380000000', '138000000001234', 11)).toBe('13800000000');
    expect(filterDigits('12345', '1234567', 6)).toBe('123456');
  });
});

describe('login schemas (src/schemas/forms/login.json)', () => {
  it('phone must be exactly 11 digits', () => {
    expect(validateLoginForm('login', { phone: '1380000000', verificationCode: '123456' })).toBe(
      '请输入11位数字手机号码',
    );
    expect(validateLoginForm('login', { phone: '138000000011', verificationCode: '123456' })).toBe(
      '请输入11位数字手机号码',
    );
    expect(validateLoginForm('login', { verificationCode: '123456' })).toBe('请输入11位数字手机号码');
  });

  it('code must be exactly 6 digits; the phone is reported first', () => {
    expect(validateLoginForm('login', { phone: '13800000000', verificationCode: '12345' })).toBe('请输入6位数字验证码');
    expect(validateLoginForm('login', { phone: '13800000000' })).toBe('请输入6位数字验证码');
    expect(validateLoginForm('login', { phone: '1', verificationCode: '1' })).toBe('请输入11位数字手机号码');
    expect(validateLoginForm('login', { phone: '13800000000', verificationCode: '123456' })).toBeNull();
  });

  it('password login needs both fields, at most 100 characters', () => {
    expect(validateLoginForm('passwordForm', { username: '', password: 'x' })).toBe('请输入密码');
    expect(validateLoginForm('passwordForm', { username: 'a', password: '' })).toBe('请输入密码');
    expect(validateLoginForm('passwordForm', { username: 'a', password: 'x'.repeat(101) })).toBe('请输入密码');
    expect(validateLoginForm('passwordForm', { username: 'a', password: 'x'.repeat(100) })).toBeNull();
  });

  it('bind needs the ticket too', () => {
    expect(validateLoginForm('bind', { phone: '13800000000', verificationCode: '123456' })).toBe(
      '二维码已失效，请刷新二维码',
    );
    expect(
      validateLoginForm('bind', { phone: '13800000000', verificationCode: '123456', ticket: 'abcdefgh12' }),
    ).toBeNull();
  });
});
