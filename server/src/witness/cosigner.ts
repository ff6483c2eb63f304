import crypto from 'node:crypto';

/**
 * A witness's Ed25519 cosigning key (c2sp.org/tlog-cosignature, cosignature/v1). Keys use the
 * signed-note vkey encoding with signature type 0x04:
 *   verifier key  <name>+<key id, 8 hex>+<base64(0x04 || 32-byte public key)>
 *   signer key    PRIVATE+KEY+<name>+<key id, 8 hex>+<base64(0x04 || 32-byte seed)>
 * key id = SHA-256(name || 0x0A || 0x04 || public key)[:4]. The type byte differs from the log's
 * (0x01), so a cosignature can never pass for a log signature or the other way round.
 */
export interface Cosigner {
  name: string;
  keyId: Buffer;
  verifierKey: string;
  /** The signature line "— name base64(key id || u64 time || signature)\n" over the checkpoint text. */
  cosign(checkpointText: string, time: number): string;
}

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const ALG_COSIGNATURE_V1 = 0x04;

export function cosignerFromSeed(name: string, seed: Buffer): Cosigner {
  if (!name || /[\s+]/u.test(name)) throw new Error('witness name must be non-empty, without spaces or "+"');
  const privateKey = crypto.createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = crypto.createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  const typed = Buffer.concat([Buffer.from([ALG_COSIGNATURE_V1]), publicKey]);
  const keyId = crypto
    .createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${name}\n`, 'utf8'), typed]))
    .digest()
    .subarray(0, 4);
  return {
    name,
    keyId,
    verifierKey: `${name}+${keyId.toString('hex')}+${typed.toString('base64')}`,
    cosign(checkpointText, time) {
      const message = Buffer.from(`cosignature/v1\ntime ${time}\n${checkpointText}`, 'utf8');
      const stamp = Buffer.alloc(8);
      stamp.writeBigUInt64BE(BigInt(time));
      const sig = crypto.sign(null, message, privateKey);
      return `\u2014 ${name} ${Buffer.concat([keyId, stamp, sig]).toString('base64')}\n`;
    },
  };
}

export function cosignerKeyString(name: string, seed: Buffer): string {
  const c = cosignerFromSeed(name, seed);
  return `PRIVATE+KEY+${name}+${c.keyId.toString('hex')}+${Buffer.concat([Buffer.from([ALG_COSIGNATURE_V1]), seed]).toString('base64')}`;
}

export function parseCosignerSignerKey(s: string): Cosigner {
  const m = /^PRIVATE\+KEY\+([^+\s]+)\+([0-9a-fA-F]{8})\+([A-Za-z0-9+/=]+)$/.exec(s.trim());
  if (!m) throw new Error('not a PRIVATE+KEY+name+id+key string');
  const raw = Buffer.from(m[3], 'base64');
  if (raw.length !== 33 || raw[0] !== ALG_COSIGNATURE_V1) throw new Error('not an Ed25519 cosigner key (type 0x04)');
  const c = cosignerFromSeed(m[1], raw.subarray(1));
  if (c.keyId.toString('hex') !== m[2].toLowerCase()) throw new Error('cosigner key id does not match its key');
  return c;
}
