import crypto from 'node:crypto';
import fs from 'node:fs';
import { BackupError } from './errors.js';

/** An AES-256 key the operator holds, and the id a snapshot records so a wrong key is named, not guessed. */
export interface BackupKey {
  key: Buffer;
  /** 8 bytes derived from the key (HMAC, so it says nothing about the key itself). */
  id: Buffer;
}

export const keyIdOf = (key: Buffer) =>
  crypto.createHmac('sha256', key).update('lumen-backup key id').digest().subarray(0, 8);

/**
 * Reads a key file: 64 hexadecimal digits (`openssl rand -hex 32 > backup.key`), base64 of 32
 * bytes, or 32 raw bytes.
 */
export function readBackupKey(file: string): BackupKey {
  let raw: Buffer;
  try {
    raw = fs.readFileSync(file);
  } catch (e) {
    throw new BackupError(`无法读取加密密钥文件 ${file}：${(e as Error).message}`);
  }
  const text = raw.toString('utf8').trim();
  let key: Buffer | undefined;
  if (/^[0-9a-f]{64}$/i.test(text)) key = Buffer.from(text, 'hex');
  else if (/^[A-Za-z0-9+/]{43}=$/.test(text)) key = Buffer.from(text, 'base64');
  else if (raw.length === 32) key = raw;
  if (key?.length !== 32)
    throw new BackupError(
      `加密密钥文件 ${file} 格式不对：需要 32 字节的密钥（64 位十六进制，可用 openssl rand -hex 32 生成）`,
    );
  return { key, id: keyIdOf(key) };
}
