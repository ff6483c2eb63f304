import crypto from 'node:crypto';
import type { Queryable } from '../../db/index.js';
import { recordSandboxRefund } from '../../repositories/sandbox-refunds.js';
import { recordSandboxPayout } from '../../repositories/sandbox-payouts.js';
import type {
  PayProvider,
  PayProviderName,
  PaymentRequest,
  PayoutRequest,
  PayoutResult,
  RefundRequest,
  RefundResult,
  VerifiedNotification,
} from './types.js';

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

/** A sandbox id in the provider's style: WeChat numbers start 4200, Alipay's with the date. */
function sandboxId(provider: PayProviderName, kind: 'pay' | 'refund' | 'payout'): string {
  const digits = String(crypto.randomInt(10 ** 9, 10 ** 10 - 1)) + String(crypto.randomInt(10 ** 9, 10 ** 10 - 1));
  if (provider === 'wechat') return `${{ pay: '4200', refund: '5030', payout: '1330' }[kind]}${digits}`;
  const d = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `${d}${{ pay: '22', refund: '28', payout: '11' }[kind]}${digits}`;
}

/**
 * Sandbox provider: the "pay URL" is our own /dev/pay page (signed so its amount cannot be
 * edited), and the page's confirm/fail buttons send a notification signed with HMAC-SHA256 over
 * the canonical fields with this provider's own key (config: payProviderKey), the provider's name
 * among the signed fields — the same checks a real callback gets. Refunds and payouts are kept in
 * the sandbox's own tables (sandbox_refunds, sandbox_payouts) and answered synchronously.
 */
export class SandboxPayProvider implements PayProvider {
  constructor(
    public readonly name: PayProviderName,
    private readonly key: string,
    private readonly publicUrl: string,
    private readonly db: Queryable,
  ) {}

  get label(): string {
    return this.name === 'wechat' ? '微信支付' : '支付宝';
  }

  async createPayment(req: PaymentRequest): Promise<{ payUrl: string }> {
    const fields = { provider: this.name, orderNo: req.orderNo, amountCents: req.amountCents, subject: req.subject };
    const q = new URLSearchParams({
      ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
      sign: hmacSign(this.key, fields),
    });
    return { payUrl: `${this.publicUrl.replace(/\/$/, '')}/dev/pay?${q}` };
  }

  /** Checks a pay-page link's signature (the dev page refuses edited links). */
  payLinkValid(fields: Record<string, unknown>): boolean {
    return fields.provider === this.name && signatureValid(this.key, fields);
  }

  /**
   * What the sandbox posts to the notify endpoint when the tester confirms or fails: a new payment
   * (new transaction id), or with `transactionId` a re-sent notification of an earlier one.
   */
  buildNotification(
    orderNo: string,
    amountCents: number,
    tradeStatus: 'SUCCESS' | 'FAIL',
    opts: { transactionId?: string } = {},
  ): Record<string, unknown> {
    const fields = {
      provider: this.name,
      notifyId: crypto.randomUUID(),
      transactionId: opts.transactionId ?? sandboxId(this.name, 'pay'),
      orderNo,
      amountCents,
      tradeStatus,
      timestamp: Date.now(),
    };
    return { ...fields, sign: hmacSign(this.key, fields) };
  }

  verifyNotification(body: Record<string, unknown>): VerifiedNotification | null {
    if (body.provider !== this.name || !signatureValid(this.key, body)) return null;
    const amount = Number(body.amountCents);
    const text = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 64;
    if (!Number.isInteger(amount) || !text(body.notifyId) || !text(body.transactionId) || !text(body.orderNo))
      return null;
    return {
      notifyId: body.notifyId as string,
      transactionId: body.transactionId as string,
      orderNo: body.orderNo as string,
      amountCents: amount,
      tradeStatus: body.tradeStatus === 'SUCCESS' ? 'SUCCESS' : 'FAIL',
    };
  }

  /** Records the refund in the sandbox's books once per refund number; a repeat answers the first. */
  async refund(req: RefundRequest): Promise<RefundResult> {
    const stored = await recordSandboxRefund(this.db, {
      provider: this.name,
      refundId: sandboxId(this.name, 'refund'),
      ...req,
    });
    // A provider refuses a reused refund number for another payment or amount.
    if (stored.transactionId !== req.transactionId || stored.amountCents !== req.amountCents)
      throw new Error('退款单号已用于其他退款');
    return { refundId: stored.refundId, status: 'SUCCESS' };
  }

  /** Records the transfer in the sandbox's books once per payout number; a repeat answers the first. */
  async payout(req: PayoutRequest): Promise<PayoutResult> {
    const stored = await recordSandboxPayout(this.db, {
      provider: this.name,
      payoutId: sandboxId(this.name, 'payout'),
      ...req,
    });
    // A provider refuses a reused transfer number for another amount or payee.
    if (stored.amountCents !== req.amountCents || stored.accountNo !== req.accountNo)
      throw new Error('转账单号已用于其他转账');
    return { payoutId: stored.payoutId, status: 'SUCCESS' };
  }

  ackBody() {
    return { code: 'SUCCESS', message: '成功' };
  }
}
