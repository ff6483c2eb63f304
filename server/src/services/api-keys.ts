/**
 * API keys (issue #35): created by an account or sub-account with scopes from src/schemas/api-keys,
 * shown once and stored as a SHA-256; resolved from the database on every call, so a revocation or
 * an expiry holds at once on every app server.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { UserRow } from '../repositories/users.js';
import { findUserById } from '../repositories/users.js';
import {
  countLiveKeys,
  findKeyByHash,
  findVisibleKey,
  insertApiKey,
  touchKey,
  type ApiKeyRow,
} from '../repositories/api-keys.js';
import {
  API_ERROR_CODES,
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  type ApiErrorCode,
} from '../../../src/schemas/api-keys/scopes.js';
import type { CreateApiKeyForm } from '../../../src/schemas/api-keys/create-key.js';

/** A refusal of the public API: the Chinese message plus a stable code in data.error. */
export function apiError(status: number, code: ApiErrorCode, msg?: string, extra: Record<string, unknown> = {}) {
  return new AppError(status, msg ?? API_ERROR_CODES[code], { error: code, ...extra });
}

export const hashSecret = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

/** The allow-list as a BlockList; a Chinese 400 naming the first entry that is no address or network. */
function allowList(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const e of entries) {
    const [addr, bits] = e.split('/');
    const family = net.isIPv4(addr) ? 'ipv4' : net.isIPv6(addr) ? 'ipv6' : null;
    const max = family === 'ipv4' ? 32 : 128;
    if (!family || (bits !== undefined && !(Number(bits) >= 0 && Number(bits) <= max)))
      throw new AppError(400, `「${e}」不是有效的 IP 地址或网段`, { fieldErrors: { '/ipAllowList': '格式不正确' } });
    if (bits === undefined) list.addAddress(addr, family);
    else list.addSubnet(addr, Number(bits), family);
  }
  return list;
}

/** Creates a key for the user: the secret goes back once, the database keeps its hash and prefix. */
export async function createApiKey(db: Db, user: UserRow, form: CreateApiKeyForm) {
  const ips = [...new Set((form.ipAllowList ?? []).map((s) => s.trim()))];
  allowList(ips);
  if ((await countLiveKeys(db, user.id)) >= API_KEY_LIMITS.keysPerAccount)
    throw new AppError(409, `每个账号最多 ${API_KEY_LIMITS.keysPerAccount} 个有效密钥，请先吊销不用的密钥`);
  const secret = API_KEY_PREFIX + crypto.randomBytes(24).toString('base64url');
  const id = await insertApiKey(db, {
    userId: user.id,
    name: form.name.trim(),
    prefix: secret.slice(0, API_KEY_VISIBLE_CHARS),
    secretHash: hashSecret(secret),
    scopes: form.scopes,
    ipAllowList: ips,
    requestsPerMinute: form.requestsPerMinute ?? API_KEY_LIMITS.requestsPerMinute.default,
    dailyLicences: form.dailyLicences ?? null,
    monthlySpendCents: form.monthlySpend == null ? null : Math.round(form.monthlySpend * 100),
    expiresInDays: form.expiresInDays ?? null,
  });
  return { key: (await findVisibleKey(db, user.id, id))!, secret };
}

export interface KeyCaller {
  key: ApiKeyRow;
  user: UserRow;
}

/** The key and its account behind an `Authorization: Bearer lm_live_…` header, or the refusal why not. */
export async function authenticateKey(db: Db, header: string | undefined, ip: string): Promise<KeyCaller> {
  const secret = header?.replace(/^Bearer(\s+|$)/i, '').trim();
  if (!secret) throw apiError(401, 'key_missing', '缺少 API 密钥，请在 Authorization 头中以 Bearer 方式提供');
  if (!secret.startsWith(API_KEY_PREFIX)) throw apiError(401, 'key_invalid');
  const key = await findKeyByHash(db, hashSecret(secret));
  if (!key) throw apiError(401, 'key_invalid');
  if (key.status === 'revoked') throw apiError(401, 'key_revoked');
  if (key.status === 'expired') throw apiError(401, 'key_expired');
  if (key.ipAllowList.length && !allowList(key.ipAllowList).check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4'))
    throw apiError(403, 'ip_not_allowed', `来源 IP ${ip} 不在该密钥的白名单内`);
  const user = await findUserById(db, key.userId);
  if (!user) throw apiError(401, 'key_invalid');
  await touchKey(db, key.id);
  return { key, user };
}
