import crypto from 'node:crypto';
import type { PayProvider, PayProviderName, PaymentRequest, VerifiedNotification } from './types.js';

/** Canonical form for signing: keys sorted, `sign` excluded, k=v joined by '&'. */
export function canonical(fields: Record<string, unknown>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== undefined && fields[k] !== null)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function hmacSign(secret: string, fields: Record<string, unknown>): string {
  return crypto.createHmac('sha256', secret).update(canonical(fields)).digest('hex');
}

/** Constant-time signature comparison. */
export function signatureValid(secret: string, fields: Record<string, unknown>): boolean {
  const given = String(fields.sign ?? '');
  const want = hmacSign(secret, fields);
  return given.length === want.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(want));
}

/**
 * Sandbox provider: the "pay URL" is our own /dev/pay page (signed so its amount cannot be
 * edited), and the page's confirm/fail buttons send a notification signed with HMAC-SHA256
 * over the canonical fields, using config.paySecret — the same checks a real callback gets.
 */
export class SandboxPayProvider implements PayProvider {
  constructor(
    public readonly name: PayProviderName,
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  get label(): string {
    return this.name === 'wechat' ? '微信支付' : '支付宝';
  }

  async createPayment(req: PaymentRequest): Promise<{ payUrl: string }> {
    const fields = { provider: this.name, orderNo: req.orderNo, amountCents: req.amountCents, subject: req.subject };
    const q = new URLSearchParams({ ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), sign: hmacSign(this.secret, fields) });
    return { payUrl: `${this.publicUrl.replace(/\/$/, '')}/dev/pay?${q}` };
  }

  /** Checks a pay-page link's signature (the dev page refuses edited links). */
  payLinkValid(fields: Record<string, unknown>): boolean {
    return signatureValid(this.secret, fields);
  }

  /** What the sandbox posts to the notify endpoint when the tester confirms or fails. */
  buildNotification(orderNo: string, amountCents: number, tradeStatus: 'SUCCESS' | 'FAIL'): Record<string, unknown> {
    const fields = { notifyId: crypto.randomUUID(), orderNo, amountCents, tradeStatus, timestamp: Date.now() };
    return { ...fields, sign: hmacSign(this.secret, fields) };
  }

  verifyNotification(body: Record<string, unknown>): VerifiedNotification | null {
    if (!signatureValid(this.secret, body)) return null;
    const amount = Number(body.amountCents);
    if (!Number.isInteger(amount) || typeof body.notifyId !== 'string' || typeof body.orderNo !== 'string') return null;
    return { notifyId: body.notifyId, orderNo: body.orderNo, amountCents: amount, tradeStatus: body.tradeStatus === 'SUCCESS' ? 'SUCCESS' : 'FAIL' };
  }

  ackBody() {
    return { code: 'SUCCESS', message: '成功' };
  }
}
