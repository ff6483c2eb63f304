import crypto from 'node:crypto';
import type { Queryable } from '../../db/index.js';

/** QR tickets live five minutes; a scanned ticket gets ten more for the phone binding step. */
export const TICKET_TTL_MS = 5 * 60_000;
export const BIND_WINDOW_MS = 10 * 60_000;

/**
 * WeChat QR login seam.
 *
 * Real provider (WeChat official account, "parametric QR code"):
 *  - createQr(): POST https://api.weixin.qq.com/cgi-bin/qrcode/create?access_token=TOKEN with
 *    {expire_seconds: 300, action_name: 'QR_STR_SCENE', action_info: {scene: {scene_str: <ticket>}}};
 *    answer {ticket, url} -> return {ticket: scene_str, url} (url is what the client draws).
 *  - When a person scans (and follows), WeChat pushes a signed XML event (SCAN or subscribe with
 *    EventKey = scene_str, FromUserName = openid) to the account's callback URL; that handler
 *    verifies the signature and calls markScanned(db, scene_str, openid, nickname).
 * Sandbox provider: the QR url points at /dev/wechat?ticket=..., where a person picks an identity,
 * which calls the same markScanned().
 */
export interface WechatQrProvider {
  readonly name: string;
  createQr(ticket: string): Promise<{ url: string }>;
}

export class SandboxWechatProvider implements WechatQrProvider {
  readonly name = 'sandbox';
  constructor(private publicUrl: string) {}
  async createQr(ticket: string) {
    return { url: `${this.publicUrl.replace(/\/$/, '')}/dev/wechat?ticket=${encodeURIComponent(ticket)}` };
  }
}

export interface TicketRow {
  ticket: string;
  state: 'pending' | 'scanned' | 'consumed';
  openid: string | null;
  nickname: string | null;
  expires_at: Date;
}

/** Creates a pending ticket and its QR url. */
export async function issueTicket(
  db: Queryable,
  provider: WechatQrProvider,
): Promise<{ ticket: string; url: string; expiresAt: Date }> {
  const ticket = crypto.randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  await db.query('INSERT INTO wechat_tickets(ticket, expires_at) VALUES ($1, $2)', [ticket, expiresAt]);
  await db.query("DELETE FROM wechat_tickets WHERE expires_at < now() - interval '1 day'");
  const { url } = await provider.createQr(ticket);
  return { ticket, url, expiresAt };
}

/** A live (unexpired, unconsumed) ticket, or null. */
export async function liveTicket(db: Queryable, ticket: string): Promise<TicketRow | null> {
  const r = await db.query<TicketRow>(
    "SELECT ticket, state, openid, nickname, expires_at FROM wechat_tickets WHERE ticket = $1 AND state <> 'consumed' AND expires_at > now()",
    [ticket],
  );
  return r.rows[0] ?? null;
}

/** Records a scan: pending -> scanned with the person's openid. False when the ticket is not live. */
export async function markScanned(db: Queryable, ticket: string, openid: string, nickname: string): Promise<boolean> {
  const r = await db.query(
    "UPDATE wechat_tickets SET state = 'scanned', openid = $2, nickname = $3, expires_at = $4 WHERE ticket = $1 AND state = 'pending' AND expires_at > now()",
    [ticket, openid, nickname, new Date(Date.now() + BIND_WINDOW_MS)],
  );
  return r.rowCount === 1;
}

/** Consumes a scanned ticket exactly once (the one request that wins gets true). */
export async function consumeTicket(db: Queryable, ticket: string): Promise<boolean> {
  const r = await db.query(
    "UPDATE wechat_tickets SET state = 'consumed' WHERE ticket = $1 AND state = 'scanned' AND expires_at > now()",
    [ticket],
  );
  return r.rowCount === 1;
}
