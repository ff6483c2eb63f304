/**
 * Signing secrets at rest. A webhook secret must be read back to sign every delivery, so it cannot
 * be hashed like a password; it is sealed with AES-256-GCM under a key that is not in the database:
 * WEBHOOK_SECRET_KEY (64 hex digits; set the same on every app server and worker) or, without it,
 * DATA_DIR/webhooks/secret.key, made on first use (0600). A database dump alone reveals no secret.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { WEBHOOK_SECRET_PREFIX } from '../../../../src/schemas/webhooks/index.js';

const keys = new Map<string, Buffer>();

/** The sealing key of this deployment (cached per data folder). */
export function sealingKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const configured = env.WEBHOOK_SECRET_KEY?.trim();
  if (configured) {
    if (!/^[0-9a-f]{64}$/i.test(configured)) throw new Error('WEBHOOK_SECRET_KEY must be 64 hexadecimal digits');
    return Buffer.from(configured, 'hex');
  }
  let key = keys.get(dataDir);
  if (key) return key;
  const file = path.join(dataDir, 'webhooks', 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // wx: two processes starting together keep the first one's key.
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  keys.set(dataDir, key);
  return key;
}

/** A new signing secret: `whsec_` and 32 random base64url characters (192 bits). */
export const newSigningSecret = () => WEBHOOK_SECRET_PREFIX + crypto.randomBytes(24).toString('base64url');

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to the endpoint's account by the additional data. */
export function seal(key: Buffer, secret: string, userId: number): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`webhook:${userId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret back; throws when the key or the account does not match (a restored database on another key). */
export function open(key: Buffer, sealed: string, userId: number): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('sealed webhook secret: unknown format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`webhook:${userId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
