import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import {
  boughtGiftCardSchema,
  giftCardOrderSchema,
  giftCardRedeemedSchema,
} from '../../../src/schemas/api/gift-card-responses.js';
import { validateRouteForm } from './form-validate.js';
import { registerResourceRoutes } from './resource-routes.js';
import { schemaStore } from '../schemas/store.js';
import { balanceOf } from '../repositories/wallet.js';
import { boughtCardTable } from '../repositories/gift-cards.js';
import { buyGiftCards, giftRulesOf, redeemGiftCard } from '../services/gift-cards.js';

const BUY = 'lumen:forms/gift-card-buy';
const REDEEM = 'lumen:forms/gift-card-redeem';

/** The current gift-card rules (staff may edit lumen:forms/gift-card-buy). */
export async function currentGiftRules(app: FastifyInstance) {
  await schemaStore(app).all();
  return giftRulesOf(schemaStore(app).lookup(BUY) as Record<string, any> | undefined);
}

/**
 * /api/gift-cards: buy cards for someone else (an order the cashier /pay settles) and redeem a code
 * into the wallet (single use, failed attempts rate-limited per account).
 */
export default async function giftCardRoutes(app: FastifyInstance) {
  app.post(
    '/orders',
    { config: { formSchema: BUY }, schema: { summary: '购买礼品卡', response: envelopeOf(giftCardOrderSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const form = await validateRouteForm(req);
      return ok(await buyGiftCards(app.db, u, form as any, await currentGiftRules(app)), '订单已创建，请支付');
    },
  );

  app.post(
    '/redeem',
    {
      config: { formSchema: REDEEM, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { summary: '兑换礼品卡', response: envelopeOf(giftCardRedeemedSchema) },
    },
    async (req) => {
      const u = await req.requireUser();
      const form = await validateRouteForm(req);
      const r = await redeemGiftCard(
        app.db,
        Number(u.id),
        String(form.code),
        req.ip ?? null,
        await currentGiftRules(app),
      );
      return ok(
        { ...r, balanceCents: await balanceOf(app.db, Number(u.id)) },
        `兑换成功，¥${(r.amountCents / 100).toFixed(2)} 已存入钱包`,
      );
    },
  );
}

/** /api/user/gift-cards: the cards the user bought (codes once paid), as a generated list. */
export async function boughtGiftCardRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, { table: boughtCardTable, record: boughtGiftCardSchema });
}
