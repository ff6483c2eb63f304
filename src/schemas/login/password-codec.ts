import Base64 from 'crypto-js/enc-base64.js';
import Utf8 from 'crypto-js/enc-utf8.js';

/**
 * Password transport encoding of spec §5, shared by client and server:
 *   ts       = microseconds since the epoch as a 16-digit decimal string (Date.now() * 1000 + µs part)
 *   password = Base64( UTF-8( plainPassword + ts ) )     (plain text immediately followed by ts)
 * The server decodes, checks the string ends with the body's ts, strips it and checks the ts window.
 * This is not encryption (HTTPS protects the transport); it ties each request to a fresh ts.
 */
export function microTimestamp(nowMs = Date.now()): string {
  const micros = Math.floor((typeof performance !== 'undefined' ? performance.now() : 0) * 1000) % 1000;
  return String(nowMs * 1000 + micros);
}

export function encodePassword(plain: string, ts: string): string {
  return Base64.stringify(Utf8.parse(plain + ts));
}

/** The plain password, or null when the body does not decode or does not end with ts. */
export function decodePassword(encoded: string, ts: string): string | null {
  let joined: string;
  try {
    joined = Utf8.stringify(Base64.parse(encoded));
  } catch {
    return null;
  }
  if (!joined.endsWith(ts)) return null;
  return joined.slice(0, joined.length - ts.length);
}
