/**
 * What a payment provider adapter must do. A real WeChat Pay (Native/JSAPI v3) or Alipay
 * (precreate / page pay) adapter implements the same five calls:
 *  - createPayment: call the provider's "unified order"/"precreate" API with our order number,
 *    the amount in cents and the notify URL, and return the code_url/qr_code it answers
 *    (the client draws it as a QR code);
 *  - verifyNotification: check the callback's signature with THIS provider's key (WeChat:
 *    Wechatpay-Signature over timestamp\nnonce\nbody with the platform certificate; Alipay: RSA2
 *    over the sorted parameters with Alipay's public key), decrypt the resource if needed, and
 *    return null when it fails. Each provider has its own key, so a callback signed for one
 *    provider never verifies on the other's path;
 *  - refund: ask the provider to pay a payment back (WeChat: POST /v3/refund/domestic/refunds with
 *    out_refund_no; Alipay: alipay.trade.refund with out_request_no), see RefundRequest/RefundResult;
 *  - payout: transfer money from the merchant account to a person (creator withdrawals). Alipay:
 *    alipay.fund.trans.uni.transfer with out_biz_no (product TRANS_ACCOUNT_NO_PWD to an Alipay
 *    account, TRANS_BANKCARD_NO_PWD to a bank card); WeChat Pay: 商家转账 POST /v3/transfer/batches
 *    with out_batch_no/out_detail_no (to a WeChat balance only). See PayoutRequest/PayoutResult;
 *  - ackBody: the exact body the provider expects when a callback was accepted.
 * The routes do the rest: unique notification row, one payment row per provider transaction,
 * atomic amount-checked order update, refunds due for payments that granted nothing.
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
  /**
   * The provider's own id of the payment (WeChat transaction_id, Alipay trade_no). One payment may
   * be notified several times under new notification ids; it is counted once by this id.
   */
  transactionId: string;
  orderNo: string;
  amountCents: number;
  /** SUCCESS when the buyer paid; anything else leaves the order unpaid. */
  tradeStatus: 'SUCCESS' | 'FAIL';
}

/**
 * A refund of one payment. `refundNo` is our refund number, sent as the provider's idempotency key
 * (out_refund_no / out_request_no): asking again with the same number never pays twice, it answers
 * the first refund. The money goes back to the payment's original channel (the provider does that).
 */
export interface RefundRequest {
  refundNo: string;
  /** The payment to refund: the provider's transaction id from its payment notification. */
  transactionId: string;
  orderNo: string;
  amountCents: number;
}

/**
 * The provider's answer. The call resolves only with a final success (the sandbox answers
 * synchronously); an adapter whose provider answers "processing" polls the provider's refund query
 * (or waits for its signed refund notification) before resolving. It throws when the provider refuses,
 * with a message staff can read; the refund then stays due and may be settled again with the same refundNo.
 */
export interface RefundResult {
  /** The provider's id of the refund (WeChat refund_id, Alipay's refund trade number). */
  refundId: string;
  status: 'SUCCESS';
}

/**
 * A transfer to a payee (a creator's approved withdrawal). `payoutNo` is our transfer number, sent as
 * the provider's idempotency key (Alipay out_biz_no, WeChat out_detail_no): asking again with the
 * same number never pays twice, it answers the first transfer.
 */
export interface PayoutRequest {
  payoutNo: string;
  amountCents: number;
  /** Where the money goes: an Alipay account (login id) or a bank card (Alipay only). */
  payeeType: 'alipay_account' | 'bank_card';
  accountNo: string;
  /** The payee's real name; the provider refuses the transfer when it does not match the account. */
  accountName: string;
  bankName?: string;
  /** Shown on the payee's statement. */
  remark: string;
}

/**
 * The provider's answer. Like refund(), the call resolves only with a final success (an adapter whose
 * provider answers "processing" polls its transfer query first) and throws with a message staff can
 * read when the provider refuses (wrong name, closed account, merchant balance short); the same
 * payoutNo may then be asked again.
 */
export interface PayoutResult {
  /** The provider's id of the transfer (Alipay order_id, WeChat detail_id). */
  payoutId: string;
  status: 'SUCCESS';
}

export interface PayProvider {
  readonly name: PayProviderName;
  /** Chinese name shown to buyers. */
  readonly label: string;
  createPayment(req: PaymentRequest): Promise<{ payUrl: string }>;
  verifyNotification(body: Record<string, unknown>): VerifiedNotification | null;
  refund(req: RefundRequest): Promise<RefundResult>;
  payout(req: PayoutRequest): Promise<PayoutResult>;
  ackBody(): unknown;
}
