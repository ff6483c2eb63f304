import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFileOnce } from '../storage/create-file-once.js';

/**
 * The log's Ed25519 signing key as a C2SP signed-note signer. Key strings follow the Go
 * `golang.org/x/mod/sumdb/note` encoding that C2SP tools share:
 *   verifier key  <name>+<key id, 8 hex>+<base64(0x01 || 32-byte public key)>
 *   signer key    PRIVATE+KEY+<name>+<key id, 8 hex>+<base64(0x01 || 32-byte seed)>
 * key id = SHA-256(name || 0x0A || 0x01 || public key)[:4] (c2sp.org/signed-note).
 */
export interface NoteSigner {
  name: string;
  keyId: Buffer;
  publicKey: Buffer;
  verifierKey: string;
  /** The signed note: text, blank line, "— name base64(keyId || signature)". */
  sign(text: string): string;
}

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const ALG_ED25519 = 0x01;

export function keyIdOf(name: string, publicKey: Buffer): Buffer {
  return crypto
    .createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${name}\n`, 'utf8'), Buffer.from([ALG_ED25519]), publicKey]))
    .digest()
    .subarray(0, 4);
}

export function signerFromSeed(name: string, seed: Buffer): NoteSigner {
  if (!name || /[\s+]/u.test(name)) throw new Error('key name must be non-empty, without spaces or "+"');
  const privateKey = crypto.createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = crypto.createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  const keyId = keyIdOf(name, publicKey);
  const verifierKey = `${name}+${keyId.toString('hex')}+${Buffer.concat([Buffer.from([ALG_ED25519]), publicKey]).toString('base64')}`;
  return {
    name,
    keyId,
    publicKey,
    verifierKey,
    sign(text) {
      if (!text.endsWith('\n')) throw new Error('note text must end with a newline');
      const sig = crypto.sign(null, Buffer.from(text, 'utf8'), privateKey);
      return `${text}\n\u2014 ${name} ${Buffer.concat([keyId, sig]).toString('base64')}\n`;
    },
  };
}

export function parseSignerKey(s: string): NoteSigner {
  // The base64 key may itself contain "+": only the first four separators count.
  const m = /^PRIVATE\+KEY\+([^+\s]+)\+([0-9a-fA-F]{8})\+([A-Za-z0-9+/=]+)$/.exec(s.trim());
  if (!m) throw new Error('not a PRIVATE+KEY+name+id+key string');
  const parts = ['PRIVATE', 'KEY', m[1], m[2], m[3]];
  const raw = Buffer.from(parts[4], 'base64');
  if (raw.length !== 33 || raw[0] !== ALG_ED25519) throw new Error('only Ed25519 signer keys are supported');
  const signer = signerFromSeed(parts[2], raw.subarray(1));
  if (signer.keyId.toString('hex') !== parts[3].toLowerCase()) throw new Error('signer key id does not match its key');
  return signer;
}

export const signerKeyString = (name: string, seed: Buffer) => {
  const s = signerFromSeed(name, seed);
  return `PRIVATE+KEY+${name}+${s.keyId.toString('hex')}+${Buffer.concat([Buffer.from([ALG_ED25519]), seed]).toString('base64')}`;
};

const cache = new Map<string, NoteSigner>();

/**
 * The configured key (EVIDENCE_LOG_KEY, production), else DATA_DIR/evidence/log-signing.key,
 * created on first use. Several processes sharing one DATA_DIR agree: the file is created with
 * O_EXCL and a loser reads the winner's key. App servers without a shared DATA_DIR must set
 * EVIDENCE_LOG_KEY, or each would sign with its own key.
 */
export function loadLogSigner(opts: { dataDir: string; configuredKey?: string; defaultName: string }): NoteSigner {
  const cacheKey = opts.configuredKey ?? opts.dataDir;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  let signer: NoteSigner;
  if (opts.configuredKey) signer = parseSignerKey(opts.configuredKey);
  else {
    const file = path.join(opts.dataDir, 'evidence', 'log-signing.key');
    createFileOnce(file, () => `${signerKeyString(opts.defaultName, crypto.randomBytes(32))}\n`);
    signer = parseSignerKey(fs.readFileSync(file, 'utf8'));
  }
  cache.set(cacheKey, signer);
  return signer;
}

/** The signer of this server's evidence log, from its configuration. */
export const logSignerOf = (config: { dataDir: string; evidenceLog: { signerKey?: string; origin: string } }) =>
  loadLogSigner({
    dataDir: config.dataDir,
    configuredKey: config.evidenceLog.signerKey,
    defaultName: config.evidenceLog.origin,
  });
