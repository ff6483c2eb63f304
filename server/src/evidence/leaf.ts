/**
 * Canonical leaf bytes (UTF-8, every line ends with "\n", nothing else):
 *
 *   lumen.evidence/v1
 *   type <evidence type: [a-z0-9-]+>
 *   sha256 <64 lowercase hex: the file's SHA-256, or of the payload's canonical JSON when there is no file>
 *   cert <certificate number, or "-">
 *   time <UTC instant, ISO 8601 with milliseconds: 2026-11-23T22:55:00.000Z>
 *
 * Only what the certificate itself shows: the published leaf reveals no owner, name or id.
 * Migration 820 writes the same bytes for the migrated chain; verify-receipt.mjs parses them.
 */
export const LEAF_VERSION = 'lumen.evidence/v1';

export interface LeafFields {
  type: string;
  sha256: string;
  certNo: string | null;
  time: Date;
}

export function encodeLeaf(f: LeafFields): Buffer {
  if (!/^[a-z0-9-]{1,64}$/.test(f.type)) throw new Error(`evidence type ${JSON.stringify(f.type)} is not [a-z0-9-]+`);
  if (!/^[0-9a-f]{64}$/.test(f.sha256)) throw new Error('sha256 must be 64 lowercase hex digits');
  if (f.certNo != null && !/^[A-Za-z0-9-]{1,64}$/.test(f.certNo))
    throw new Error('certificate number must be [A-Za-z0-9-]+');
  const text = `${LEAF_VERSION}\ntype ${f.type}\nsha256 ${f.sha256}\ncert ${f.certNo ?? '-'}\ntime ${f.time.toISOString()}\n`;
  return Buffer.from(text, 'utf8');
}

/** The fields of leaf bytes written by encodeLeaf, or null when they are not such bytes. */
export function parseLeaf(bytes: Uint8Array): LeafFields | null {
  const m =
    /^lumen\.evidence\/v1\ntype ([a-z0-9-]+)\nsha256 ([0-9a-f]{64})\ncert ([A-Za-z0-9-]+)\ntime (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\n$/.exec(
      Buffer.from(bytes).toString('utf8'),
    );
  if (!m) return null;
  return { type: m[1], sha256: m[2], certNo: m[3] === '-' ? null : m[3], time: new Date(m[4]) };
}
