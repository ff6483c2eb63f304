import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';

export type SmsPurpose = 'login' | 'bind' | 'sign' | 'phone';

/**
 * Codes: 6 digits, 5 minutes, single use, 5 wrong tries; 20 wrong codes per phone per day across
 * codes. Sending: 60 s apart, 10 a day (per phone and per IP).
 */
export const CODE_TTL_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 5;
export const VERIFY_DAILY_MAX = 20;
export const SEND_INTERVAL_S = 60;
export const SEND_DAILY_MAX = 10;

export const MSG_CODE_WRONG = '验证码错误，请重新输入';
export const MSG_CODE_INVALID = '验证码已失效，请重新获取';
export const MSG_CODE_TOO_MANY = '验证码错误次数过多，请重新获取';
export const MSG_VERIFY_DAILY_CAP = '该手机号今日验证码错误次数过多，请明天再试';

/**
 * Codes are stored as an HMAC bound to phone + purpose, keyed by config.smsCodePepper: a
 * server-only secret, so a leaked table cannot be brute-forced with the client's signing secret.
 */
export function codeHash(pepper: string, phone: string, purpose: SmsPurpose, code: string): string {
  return crypto.createHmac('sha256', `sms-code:${pepper}`).update(`${phone}|${purpose}|${code}`).digest('hex');
}

/**
 * Checks the send limits and issues the code in one transaction holding advisory locks on the
 * phone and the IP, so concurrent sends cannot all pass the check before any of them inserts.
 * Locks are always taken phone first, then IP, so two sends cannot wait on each other.
 */
/**
 * `perIp: false` is for codes sent to the signed-in account's own bound phone (contract signing):
 * the caller cannot aim them at other numbers, so the per-address limits that stop SMS bombing
 * would only stop two parties at one office from signing within a minute; the phone's own limits stay.
 */
export async function issueCodeWithinLimits(
  db: Db,
  pepper: string,
  phone: string,
  purpose: SmsPurpose,
  ip: string,
  opts: { perIp?: boolean } = {},
): Promise<string> {
  const perIp = opts.perIp ?? true;
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms-phone:${phone}`]);
    if (perIp) await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms-ip:${ip}`]);
    await checkSendLimits(q, phone, perIp ? ip : null);
    return issueCode(q, pepper, phone, purpose, ip);
  });
}

/**
 * The per-IP daily cap: 10 by default. SMS_IP_DAILY_MAX raises it where many real users share one
 * address (a company NAT) or, in the browser tests, where every journey comes from 127.0.0.1; the
 * per-phone cap and the 60 s spacing never change.
 */
function ipDailyMax(): number {
  const n = Number(process.env.SMS_IP_DAILY_MAX);
  return Number.isInteger(n) && n > 0 ? n : SEND_DAILY_MAX;
}

/** Seconds between two sends from one address: 60 by default, SMS_IP_INTERVAL_S for the same reasons. */
function ipIntervalS(): number {
  const n = Number(process.env.SMS_IP_INTERVAL_S);
  return Number.isInteger(n) &&
    n >= 0 &&
    process.env.SMS_IP_INTERVAL_S !== '' &&
    process.env.SMS_IP_INTERVAL_S !== undefined
    ? n
    : SEND_INTERVAL_S;
}

/** Refuses a send when the phone or the IP sent within 60 s or reached 10 today (429, Chinese). */
async function checkSendLimits(db: Queryable, phone: string, ip: string | null): Promise<void> {
  const keys = [
    ['phone', phone, '该手机号'],
    ['ip', ip, '当前网络'],
  ] as const;
  for (const [col, val, who] of keys.filter((k) => k[1] !== null)) {
    // clock_timestamp(), not now(): now() is this transaction's start, which can precede the row a
    // send that held the advisory lock before us committed (a negative age read as "too frequent").
    const r = await db.query<{ last_age: number | null; day_count: number }>(
      `SELECT EXTRACT(EPOCH FROM clock_timestamp() - max(created_at))::float8 AS last_age, count(*)::int AS day_count
         FROM sms_codes WHERE ${col} = $1 AND created_at > now() - interval '1 day'`,
      [val],
    );
    const { last_age, day_count } = r.rows[0];
    const interval = col === 'ip' ? ipIntervalS() : SEND_INTERVAL_S;
    if (last_age !== null && Number(last_age) < interval) {
      const wait = Math.max(1, Math.ceil(interval - Number(last_age)));
      throw new AppError(429, `验证码发送过于频繁，请${wait}秒后再试`);
    }
    const dailyMax = col === 'ip' ? ipDailyMax() : SEND_DAILY_MAX;
    if (Number(day_count) >= dailyMax) throw new AppError(429, `${who}今日获取验证码次数已达上限，请明天再试`);
  }
}

/** Issues a fresh code (CSPRNG), invalidating earlier unused codes of the same phone + purpose. */
async function issueCode(
  db: Queryable,
  pepper: string,
  phone: string,
  purpose: SmsPurpose,
  ip: string,
): Promise<string> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query('UPDATE sms_codes SET used_at = now() WHERE phone = $1 AND purpose = $2 AND used_at IS NULL', [
    phone,
    purpose,
  ]);
  await db.query('INSERT INTO sms_codes(phone, purpose, code_hash, ip, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    phone,
    purpose,
    codeHash(pepper, phone, purpose, code),
    ip,
    new Date(Date.now() + CODE_TTL_MS),
  ]);
  return code;
}

type Verdict = 'ok' | 'invalid' | 'wrong' | 'too-many' | 'daily-cap';
const VERDICT_ERRORS: Record<Exclude<Verdict, 'ok'>, () => AppError> = {
  invalid: () => new AppError(400, MSG_CODE_INVALID),
  wrong: () => new AppError(400, MSG_CODE_WRONG),
  'too-many': () => new AppError(400, MSG_CODE_TOO_MANY),
  'daily-cap': () => new AppError(429, MSG_VERIFY_DAILY_CAP),
};

/** The phone's day counter row for today in China time (where "明天" in the message begins). */
const TODAY = "(now() AT TIME ZONE 'Asia/Shanghai')::date";

/**
 * Consumes the code or throws: 400 unknown/expired/used, wrong (counted), too many tries on this
 * code; 429 when the phone reached 20 wrong codes today. One short transaction that first locks
 * the phone's day counter row, so every check of this phone's codes takes its turn: the attempt
 * counts and the verdict are one atomic step, whatever the parallelism. (The HMAC comparison is
 * microseconds, unlike scrypt, so holding the lock across it costs nothing.)
 */
export async function consumeCode(
  db: Db,
  pepper: string,
  phone: string,
  purpose: SmsPurpose,
  code: string,
): Promise<void> {
  const verdict = await db.tx((q) => judgeCode(q, pepper, phone, purpose, code));
  if (verdict !== 'ok') throw VERDICT_ERRORS[verdict]();
}

async function judgeCode(
  q: Queryable,
  pepper: string,
  phone: string,
  purpose: SmsPurpose,
  code: string,
): Promise<Verdict> {
  await q.query(
    `INSERT INTO sms_verify_failures(phone, day) VALUES ($1, ${TODAY}) ON CONFLICT (phone, day) DO NOTHING`,
    [phone],
  );
  const day = await q.query<{ failures: number }>(
    `SELECT failures FROM sms_verify_failures WHERE phone = $1 AND day = ${TODAY} FOR UPDATE`,
    [phone],
  );
  if (Number(day.rows[0].failures) >= VERIFY_DAILY_MAX) return 'daily-cap';
  const r = await q.query<{ id: number; code_hash: string; attempts: number }>(
    `SELECT id, code_hash, attempts FROM sms_codes
      WHERE phone = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      ORDER BY id DESC LIMIT 1`,
    [phone, purpose],
  );
  const row = r.rows[0];
  if (!row) return 'invalid';
  if (row.attempts >= MAX_ATTEMPTS) return 'too-many';
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(codeHash(pepper, phone, purpose, code), 'hex');
  if (crypto.timingSafeEqual(expected, actual)) {
    // Single use: only the check that flips used_at wins.
    const used = await q.query('UPDATE sms_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL', [row.id]);
    return used.rowCount === 1 ? 'ok' : 'invalid';
  }
  await q.query(`UPDATE sms_verify_failures SET failures = failures + 1 WHERE phone = $1 AND day = ${TODAY}`, [phone]);
  const u = await q.query<{ attempts: number }>(
    `UPDATE sms_codes SET attempts = attempts + 1, used_at = CASE WHEN attempts + 1 >= $2::int THEN now() END
      WHERE id = $1 RETURNING attempts`,
    [row.id, MAX_ATTEMPTS],
  );
  return u.rows[0].attempts >= MAX_ATTEMPTS ? 'too-many' : 'wrong';
}
