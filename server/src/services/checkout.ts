import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { UserRow } from '../repositories/users.js';
import { cartLines, materialsByIds, removeCartLines } from '../repositories/cart.js';
import { claimCoupon, findCoupon, usableCoupons, type CouponRow } from '../repositories/coupons.js';
import { applyDiscount, insertOrder, markPaid } from '../repositories/orders.js';
import { grantLicences, heldLicenceKeys } from '../repositories/licences.js';
import { TAKEN_DOWN } from './material-availability.js';
import {
  USE_CASES_ID,
  levelOf,
  useCaseTable,
  type OwnerType,
  type UseCaseTable,
} from '../../../src/schemas/licence/use-cases.js';
import { schemaStoreFor } from '../schemas/store.js';
import { creditSale } from './earnings.js';
import { activatePaidService } from './service-orders-settle.js';
import { activatePaidGiftCards } from './gift-cards.js';
import { creditInviteReward } from './invites.js';
import { orderPaidEvents } from './webhooks/events.js';

/** What the client may send to price or place an order. Prices are never part of it. */
export interface CheckoutInput {
  from: 'cart' | 'direct';
  cartIds?: number[];
  items?: Array<{ materialId: number; scenario: string }>;
  couponId?: number;
  licenseeType?: OwnerType;
}

export interface PricedLine {
  cartId?: number;
  materialId: number;
  title: string;
  type: number;
  coverPath: string | null;
  scenario: string;
  scenarioName: string;
  level: string;
  priceCents: number;
  /** The buyer already holds a licence for this material and scenario: shown as a warning, refused on order. */
  held: boolean;
}

export const accountOf = (u: UserRow) => ({ ownerType: u.owner_type, enhancedAuth: u.enhanced_auth });

/** The use-case table staff currently publish (lumen:licence/use-cases): prices and rights follow edits without a restart. */
export async function currentUseCases(db: Db): Promise<UseCaseTable> {
  const cur = await schemaStoreFor(db).get(USE_CASES_ID);
  if (!cur) throw new Error(`Unknown schema ${USE_CASES_ID}`);
  return useCaseTable(cur.body);
}

/** Validates a scenario for an account; throws the Chinese refusal when the account may not buy it. */
export async function checkScenario(db: Db, user: UserRow, scenario: string) {
  return scenarioFor(await currentUseCases(db), user, scenario);
}

function scenarioFor(table: UseCaseTable, user: UserRow, scenario: string) {
  const uc = table.find(scenario);
  if (!uc) throw new AppError(400, '授权场景不存在，请重新选择');
  const refusal = table.refusalFor(accountOf(user), uc);
  if (refusal) throw new AppError(403, refusal);
  return uc;
}

/** Resolves the lines to buy from the cart subset or the direct items, priced by the server. */
export async function pricedLines(db: Db, user: UserRow, input: CheckoutInput): Promise<PricedLine[]> {
  const table = await currentUseCases(db);
  let raw: Array<{
    cartId?: number;
    materialId: number;
    title: string;
    type: number;
    coverPath: string | null;
    basePriceCents: number;
    scenario: string;
  }>;
  if (input.from === 'cart') {
    const ids = input.cartIds;
    const lines = await cartLines(db, user.id, ids);
    if (ids && lines.length !== new Set(ids).size) throw new AppError(404, '购物车中的部分素材不存在，请刷新后重试');
    const gone = lines.find((l) => !l.available);
    if (gone) throw new AppError(409, `购物车中的「${gone.title}」已下架，请移除后再结算`);
    raw = lines.map((l) => ({ ...l, cartId: Number(l.id) }));
  } else {
    const items = input.items ?? [];
    const mats = await materialsByIds(
      db,
      items.map((i) => i.materialId),
    );
    raw = items.map((i) => {
      const m = mats.find((x) => Number(x.id) === i.materialId);
      if (!m) throw new AppError(404, '素材不存在');
      // Same text as adding it to the cart; the title of an unapproved item is not echoed back.
      if (Number(m.status) !== 1) throw new AppError(409, `${TAKEN_DOWN}，无法购买`);
      return { ...m, materialId: i.materialId, scenario: i.scenario };
    });
  }
  if (!raw.length) throw new AppError(400, '请选择要购买的素材');
  refuseDuplicateLines(raw);
  const held = await heldLicenceKeys(
    db,
    user.id,
    raw.map((r) => ({ materialId: Number(r.materialId), scenario: r.scenario })),
  );
  return raw.map((r) => {
    const uc = scenarioFor(table, user, r.scenario);
    return {
      cartId: r.cartId,
      materialId: Number(r.materialId),
      title: r.title,
      type: r.type,
      coverPath: r.coverPath,
      scenario: uc.id,
      scenarioName: uc.name,
      level: levelOf(uc),
      priceCents: table.priceOf(Number(r.basePriceCents), uc),
      held: held.has(lineKey(r)),
    };
  });
}

const lineKey = (l: { materialId: number | string; scenario: string }) => `${Number(l.materialId)}:${l.scenario}`;

/** One licence per material and scenario: an order naming one twice is refused, not merged behind the buyer's back. */
function refuseDuplicateLines(lines: Array<{ materialId: number | string; scenario: string; title: string }>) {
  const seen = new Set<string>();
  for (const l of lines) {
    if (seen.has(lineKey(l))) throw new AppError(400, `「${l.title}」的同一授权场景重复出现，请勿重复添加`);
    seen.add(lineKey(l));
  }
}

/** Refuses a second purchase of a licence the buyer holds (another scenario of the same material is a new licence). */
export function refuseHeldLines(lines: PricedLine[]) {
  const held = lines.find((l) => l.held);
  if (held)
    throw new AppError(
      409,
      `您已持有「${held.title}」的「${held.scenarioName}」授权，无需重复购买，请移除该素材或更换授权场景`,
    );
}

/** Who the licence is issued to: the company for company accounts that ask for it, else the person. */
export function licensee(user: UserRow, lines: PricedLine[], wanted?: OwnerType) {
  const type: OwnerType = wanted ?? user.owner_type;
  if (type === 'ORGANISATIONS' && user.owner_type !== 'ORGANISATIONS')
    throw new AppError(403, '个人账号只能以个人名义获得授权');
  if (type === 'PERSONAL' && lines.some((l) => l.level !== 'personal'))
    throw new AppError(400, '企业授权场景的被授权方必须是企业，请选择企业作为被授权方');
  return {
    type,
    name:
      type === 'ORGANISATIONS'
        ? user.company_name || user.nickname
        : user.nickname || user.username || `用户${user.id}`,
  };
}

/** Why a coupon cannot be used for a subtotal, or null when it can. */
export function couponRefusal(c: CouponRow | null, subtotalCents: number): string | null {
  if (!c) return '优惠券不存在';
  if (c.status !== 1)
    return ['优惠券暂不可用', '', '优惠券已使用', '优惠券已过期', '优惠券已作废'][c.status] || '优惠券不可用';
  if (new Date(c.validFrom).getTime() > Date.now()) return '优惠券尚未生效';
  if (new Date(c.expiresAt).getTime() <= Date.now()) return '优惠券已过期';
  if (subtotalCents < c.thresholdCents) return `订单满 ¥${(c.thresholdCents / 100).toFixed(2)} 才能使用该优惠券`;
  return null;
}

/** The server's price for a checkout: lines, subtotal, discount, amount, and every coupon with its usability. */
export async function quote(db: Db, user: UserRow, input: CheckoutInput) {
  const lines = await pricedLines(db, user, input);
  const subtotalCents = lines.reduce((s, l) => s + l.priceCents, 0);
  const { coupons, discountCents } = await couponDiscount(db, user.id, subtotalCents, input.couponId);
  const who = licensee(user, lines, input.licenseeType);
  return { lines, subtotalCents, discountCents, amountCents: subtotalCents - discountCents, coupons, licensee: who };
}

/**
 * The user's coupons with their usability for a subtotal, and the discount of the chosen one
 * (a Chinese 400 when it cannot be used). Shared by material and copyright-service orders.
 */
export async function couponDiscount(db: Db, userId: number, subtotalCents: number, couponId?: number) {
  const coupons = (await usableCoupons(db, userId)).map((c) => ({ ...c, refusal: couponRefusal(c, subtotalCents) }));
  let discountCents = 0;
  if (couponId) {
    const c = coupons.find((x) => Number(x.id) === couponId) ?? null;
    // Not among the usable ones: say why when it is the user's own (not yet valid, used, expired…).
    const refusal = c
      ? c.refusal
      : (couponRefusal(await findCoupon(db, userId, couponId), subtotalCents) ?? '优惠券不可用');
    if (refusal) throw new AppError(400, refusal);
    discountCents = Math.min(c!.amountCents, subtotalCents);
  }
  return { coupons, discountCents };
}

/** Claims the coupon for a just-inserted order and lowers its amount, in the order's transaction. */
export async function claimOrderCoupon(
  t: Queryable,
  userId: number,
  orderId: number,
  couponId: number,
  subtotalCents: number,
  discountCents: number,
) {
  if (!(await claimCoupon(t, userId, couponId, orderId, subtotalCents)))
    throw new AppError(409, '优惠券已被使用或已失效，请重新选择');
  await applyDiscount(t, orderId, couponId, discountCents);
}

/** Places the order in one short transaction: order + lines, coupon claim, cart lines removed. */
export async function createOrder(db: Db, user: UserRow, input: CheckoutInput) {
  const q = await quote(db, user, input);
  refuseHeldLines(q.lines);
  return db.tx(async (t) => {
    const { id, orderNo } = await insertOrder(t, {
      userId: user.id,
      source: input.from,
      licenseeType: q.licensee.type,
      licenseeName: q.licensee.name,
      subtotalCents: q.subtotalCents,
      items: q.lines.map((l) => ({
        materialId: l.materialId,
        title: l.title,
        type: l.type,
        scenario: l.scenario,
        level: l.level,
        priceCents: l.priceCents,
      })),
    });
    if (input.couponId) await claimOrderCoupon(t, user.id, id, input.couponId, q.subtotalCents, q.discountCents);
    const cartIds = q.lines.map((l) => l.cartId).filter((x): x is number => !!x);
    if (cartIds.length) await removeCartLines(t, user.id, cartIds);
    return { id, orderNo, amountCents: q.amountCents };
  });
}

/** Marks an order paid (amount-checked, once), grants its licences, credits its creators and starts a service quota, atomically. */
export async function settlePaid(q: Queryable, orderId: number, amountCents: number, method: string): Promise<boolean> {
  if (!(await markPaid(q, orderId, amountCents, method))) return false;
  await grantLicences(q, orderId);
  await creditSale(q, orderId);
  // A copyright-service order starts its quota (no-op for material orders: they have no package).
  await activatePaidService(q, orderId);
  // A gift-card order's cards become redeemable (no-op for other orders).
  await activatePaidGiftCards(q, orderId);
  // The buyer's first purchase rewards whoever invited them (once per invitee).
  await creditInviteReward(q, orderId);
  // Webhooks: order.paid (and licence.issued), queued with this transaction.
  await orderPaidEvents(q, orderId);
  return true;
}
