/**
 * Check characters of Chinese certificate numbers, shared by the client's forms and the server
 * (through the `x-check-digit` keyword of validator.ts), so a mistyped number is refused in both.
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643-1999: the 18th character of a resident ID card number (ISO 7064 MOD 11-2). */
export function idCardValid(no: string): boolean {
  const s = no.toUpperCase();
  if (!/^[0-9]{17}[0-9X]$/.test(s)) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  if (ID_CHECK[sum % 11] !== s[17]) return false;
  // The birth date (characters 7-14) must be a real calendar day.
  const y = Number(s.slice(6, 10));
  const m = Number(s.slice(10, 12));
  const d = Number(s.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 32100-2015: the 18th character of a unified social credit code (MOD 31 over its alphabet). */
export function unifiedSocialCodeValid(code: string): boolean {
  const s = code.toUpperCase();
  if (s.length !== 18) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(s[i]);
    if (v < 0) return false;
    sum += v * USCC_WEIGHTS[i];
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31] === s[17];
}

/**
 * Taxpayer identification number on an invoice title: an 18-character unified social credit
 * code (checked), or one of the older 15/17/20-character numbers (shape only).
 */
export function taxNumberValid(no: string): boolean {
  const s = no.toUpperCase();
  if (s.length === 18) return unifiedSocialCodeValid(s);
  return /^[0-9A-Z]{15}$|^[0-9A-Z]{17}$|^[0-9A-Z]{20}$/.test(s);
}

/**
 * The checks of the `x-check-digit` keyword. `shaped` is the form a value must have before its check
 * character means anything; other values are left to the field's own pattern, so a short or
 * malformed number gets one message (the pattern's), not two.
 */
export const CHECK_DIGIT_RULES: Record<string, { shaped: RegExp; valid: (s: string) => boolean; message: string }> = {
  'id-card': {
    shaped: /^[0-9]{17}[0-9Xx]$/,
    valid: idCardValid,
    message: '身份证号码有误（校验位或出生日期不正确），请核对',
  },
  uscc: { shaped: /^[0-9A-Za-z]{18}$/, valid: unifiedSocialCodeValid, message: '统一社会信用代码校验位不正确，请核对' },
  'tax-number': { shaped: /^[0-9A-Za-z]+$/, valid: taxNumberValid, message: '纳税人识别号不正确，请核对' },
};

/** A certificate number as it may be shown and stored: the first 3 and last 4 characters, the rest starred. */
export function maskCertificateNo(no: string): string {
  const s = no.trim();
  if (s.length <= 7) return `${s.slice(0, 1)}${'*'.repeat(Math.max(s.length - 1, 0))}`;
  return `${s.slice(0, 3)}${'*'.repeat(s.length - 7)}${s.slice(-4)}`;
}
