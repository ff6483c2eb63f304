import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { payProviders } from '../../../server/src/adapters/pay/index.js';
import { loadConfig } from '../../../server/src/config.js';

const SECRET = 'earnings-test-secret';

export type Fixture = Awaited<ReturnType<typeof earningsFixture>>;

/**
 * An app with a creator, a buyer, staff and helpers to sell the creator's works through the real
 * order and payment routes (sandbox provider callbacks or the wallet).
 */
export async function earningsFixture() {
  const t = await makeTestApp({ PAY_SECRET: SECRET });
  const providers = payProviders(loadConfig({ PAY_SECRET: SECRET }), t.db);
  const creator = await makeUser(t.db, { roles: ['buyer', 'creator'] });
  const buyer = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '收益测试公司' });
  const staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
  await t.db.query('UPDATE users SET balance_cents = 10000000 WHERE id = $1', [buyer.id]);

  /** A material on sale owned by `ownerId` (null: the platform's own). */
  const work = async (ownerId: number | null, priceCents = 10000, title = '雪山日出延时') => {
    const r = await t.db.query<{ id: number }>(
      `INSERT INTO materials(type, title, price_cents, format, owner_id) VALUES (1, $1, $2, 'MP4', $3) RETURNING id`,
      [title, priceCents, ownerId],
    );
    return Number(r.rows[0].id);
  };
  /** Places an order of these works (personal scenario: list price) as `who`. */
  const order = async (materialIds: number[], who = buyer, extra: Record<string, unknown> = {}) => {
    const r = await call(t.app, 'POST', '/api/trade/order', who.auth, {
      from: 'direct',
      items: materialIds.map((materialId) => ({ materialId, scenario: 'personal_media' })),
      ...extra,
    });
    if (r.status !== 200) throw new Error(`order failed: ${JSON.stringify(r.body)}`);
    return r.body.data as { id: number; orderNo: string; amountCents: number };
  };
  const notify = (o: { orderNo: string; amountCents: number }, opts: { transactionId?: string } = {}) => {
    const body = providers.wechat.buildNotification(o.orderNo, o.amountCents, 'SUCCESS', opts);
    return { body, send: () => call(t.app, 'POST', '/api/trade/pay/notify/wechat', undefined, body) };
  };
  /** Orders and pays by WeChat (sandbox callback). */
  const sell = async (materialIds: number[], who = buyer) => {
    const o = await order(materialIds, who);
    const r = await notify(o).send();
    if (r.status !== 200) throw new Error(`payment failed: ${r.status}`);
    return o;
  };
  const credits = async (userId = creator.id) =>
    (
      await t.db.query<{
        orderId: number;
        grossCents: number;
        sharePercent: number;
        amountCents: number;
        reversed: boolean;
      }>(
        `SELECT order_id AS "orderId", gross_cents AS "grossCents", share_percent::float8 AS "sharePercent", amount_cents AS "amountCents",
              reversed_at IS NOT NULL AS reversed FROM creator_earnings WHERE user_id = $1 ORDER BY id`,
        [userId],
      )
    ).rows.map((r) => ({
      ...r,
      orderId: Number(r.orderId),
      grossCents: Number(r.grossCents),
      amountCents: Number(r.amountCents),
    }));
  /** Ends the holding period of every credit of a user now (as if the days had passed). */
  const mature = (userId = creator.id) =>
    t.db.query(`UPDATE creator_earnings SET available_at = now() - interval '1 second' WHERE user_id = $1`, [userId]);
  const summary = async (who = creator) =>
    (await call(t.app, 'GET', '/api/user/withdrawal/summary', who.auth)).body.data;
  const withdraw = (amount: number, who = creator) =>
    call(t.app, 'POST', '/api/user/withdrawal', who.auth, {
      amount,
      channel: 'alipay',
      accountName: '山川',
      accountNo: 'creator@example.com',
    });

  return {
    t,
    app: t.app,
    db: t.db,
    providers,
    creator,
    buyer,
    staff,
    work,
    order,
    notify,
    sell,
    credits,
    mature,
    summary,
    withdraw,
    close: t.close,
  };
}
