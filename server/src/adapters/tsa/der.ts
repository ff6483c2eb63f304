/**
 * The few DER (X.690) encoders the RFC 3161 sandbox needs: certificates, TSTInfo and CMS
 * SignedData are assembled from these. Every function returns the complete TLV.
 */
const lengthOf = (n: number) => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};

export const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), lengthOf(body.length), body]);
};

export const seq = (...items: Buffer[]) => tlv(0x30, ...items);
/** SET OF in DER order: elements sorted by their encodings (signatures cover this exact order). */
export const set = (...items: Buffer[]) => tlv(0x31, ...[...items].sort(Buffer.compare));
export const octets = (b: Uint8Array) => tlv(0x04, Buffer.from(b));
export const nul = () => Buffer.from([0x05, 0x00]);
export const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
export const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
/** Explicit context tag [n] around a complete TLV. */
export const explicit = (n: number, ...inner: Buffer[]) => tlv(0xa0 + n, ...inner);

/** A non-negative INTEGER from a number or big-endian bytes (a 0x00 is prefixed when the top bit is set). */
export function int(v: number | Uint8Array): Buffer {
  let b: Buffer;
  if (typeof v === 'number') {
    const bytes: number[] = [];
    for (let x = v; x > 0; x = Math.floor(x / 256)) bytes.unshift(x & 0xff);
    b = Buffer.from(bytes.length ? bytes : [0]);
  } else {
    b = Buffer.from(v);
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    b = b.subarray(i);
  }
  return tlv(0x02, b[0] & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
}

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const out = [parts[0] * 40 + parts[1]];
  for (const p of parts.slice(2)) {
    const stack = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) stack.unshift((v & 0x7f) | 0x80);
    out.push(...stack);
  }
  return tlv(0x06, Buffer.from(out));
}

/** BIT STRING of whole bytes, or of named bits (`unused` trailing bits of the last byte). */
export const bits = (b: Uint8Array, unused = 0) => tlv(0x03, Buffer.from([unused]), Buffer.from(b));

const two = (n: number) => String(n).padStart(2, '0');
/** UTCTime (years 1950–2049, as X.509 requires) and GeneralizedTime, both in UTC, seconds precision. */
export const utcTime = (d: Date) =>
  tlv(
    0x17,
    Buffer.from(
      `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}Z`,
    ),
  );
export const generalizedTime = (d: Date) =>
  tlv(
    0x18,
    Buffer.from(
      `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}Z`,
    ),
  );

export const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  ecdsaSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyId: '2.5.29.14',
  authorityKeyId: '2.5.29.35',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

export const sha256AlgId = () => seq(oid(OID.sha256), nul());
export const ecdsaSha256AlgId = () => seq(oid(OID.ecdsaSha256));
