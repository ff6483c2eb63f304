/**
 * What a payment provider adapter must do. A real WeChat Pay (Native/JSAPI v3) or Alipay
 * (precreate / page pay) adapter implements the same three calls:
 *  - createPayment: call the provider's "unified order"/"precreate" API with our order number,
 *    the amount in cents and the notify URL, and return the code_url/qr_code it answers
 *    (the client draws it as a QR code);
 *  - verifyNotification: check the callback's signature with the provider's public key or
 *    platform certificate (WeChat: Wechatpay-Signature over timestamp\nnonce\nbody; Alipay: RSA2
 *    over the sorted parameters) and decrypt the resource if needed; return null when it fails;
 *  - ackBody: the exact body the provider expects when a callback was accepted.
 * The route does the rest (unique notification row, atomic amount-checked order update).
 */
export type PayProviderName = 'wechat' | 'alipay';

export interface PaymentRequest {
  orderNo: string;
  amountCents: number;
  subject: string;
}

export interface VerifiedNotification {
  /** The provider's unique id of this notification (replays carry the same id). */
  notifyId: string;
  orderNo: string;
  amountCents: number;
  /** SUCCESS when the buyer paid; anything else leaves the order unpaid. */
  tradeStatus: 'SUCCESS' | 'FAIL';
}

export interface PayProvider {
  readonly name: PayProviderName;
  /** Chinese name shown to buyers. */
  readonly label: string;
  createPayment(req: PaymentRequest): Promise<{ payUrl: string }>;
  verifyNotification(body: Record<string, unknown>): VerifiedNotification | null;
  ackBody(): unknown;
}
