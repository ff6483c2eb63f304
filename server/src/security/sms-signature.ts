import crypto from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { signFields } from '../../../src/schemas/login/sms-sign.js';

/** Signed requests are accepted within ±5 minutes of the server clock, each signature once. */
export const SIGN_WINDOW_MS = 5 * 60_000;
export const MSG_SIGN_BAD = '请求签名不正确，请刷新页面后重试';
export const MSG_SIGN_EXPIRED = '请求已失效，请刷新页面后重试';

/** Verifies the send-code signature (shared canonical string), the timestamp window and replay. */
export async function verifySignedBody(db: Queryable, secret: string, body: Record<string, unknown>): Promise<void> {
  const timestamp = String(body.timestamp ?? '');
  const sign = String(body.sign ?? '');
  const expected = Buffer.from(signFields(body, timestamp, secret));
  const given = Buffer.from(sign);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    throw new AppError(400, MSG_SIGN_BAD);
  if (!/^\d{13}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > SIGN_WINDOW_MS)
    throw new AppError(400, MSG_SIGN_EXPIRED);
  await db.query("DELETE FROM sms_signatures WHERE created_at < now() - interval '15 minutes'");
  const r = await db.query('INSERT INTO sms_signatures(sign) VALUES ($1) ON CONFLICT (sign) DO NOTHING', [sign]);
  if (r.rowCount !== 1) throw new AppError(400, MSG_SIGN_EXPIRED);
}
