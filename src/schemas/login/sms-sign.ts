import HmacSHA256 from 'crypto-js/hmac-sha256.js';
import Base64 from 'crypto-js/enc-base64.js';

/**
 * SMS-send request signature, shared by the client (signs) and the server (verifies), so both
 * build the very same canonical string:
 *
 *   canonical = every field except `sign` and `timestamp` whose value is not empty,
 *               sorted by name, as `name=value` joined with '&', then `&timestamp=<timestamp>`
 *   sign      = Base64( HMAC-SHA256(key = secret, message = canonical) )
 *
 * e.g. {phone:'13800000001', registDevice:'PC'} at 1700000000000 ->
 *   "phone=13800000001&registDevice=PC&timestamp=1700000000000"
 * The timestamp is milliseconds since the epoch (decimal string).
 */
export function canonicalString(fields: Record<string, unknown>, timestamp: string | number): string {
  const parts = Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'timestamp')
    .filter((k) => fields[k] !== undefined && fields[k] !== null && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${String(fields[k])}`);
  parts.push(`timestamp=${String(timestamp)}`);
  return parts.join('&');
}

export function signFields(fields: Record<string, unknown>, timestamp: string | number, secret: string): string {
  return Base64.stringify(HmacSHA256(canonicalString(fields, timestamp), secret));
}

/** Adds `timestamp` and `sign` to a send-code body (the client side of the contract). */
export function signedBody<T extends Record<string, unknown>>(
  fields: T,
  secret: string,
  now = Date.now(),
): T & { timestamp: string; sign: string } {
  const timestamp = String(now);
  return { ...fields, timestamp, sign: signFields(fields, timestamp, secret) };
}
