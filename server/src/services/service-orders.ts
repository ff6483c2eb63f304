/**
 * Copyright-service orders: every copyright service (deposit packages, registration, DCI,
 * monitoring, web evidence, screen recording, notarization, trace) is a package of the staff-edited
 * catalogue lumen:services/copyright-services, bought as an ordinary order of kind 'service'. So the
 * existing cashier pays it (/pay: sandbox WeChat Pay / Alipay QR, wallet; idempotent callbacks in
 * services/payments.ts), coupons apply, staff refund it and users invoice it like any order. On
 * payment settlePaid starts its quota (service-orders-settle.ts); features spend units with
 * consumeQuota / releaseQuota (service-orders-quota.ts).
 */
import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { UserRow } from '../repositories/users.js';
import { insertOrder } from '../repositories/orders.js';
import { insertServiceOrder } from '../repositories/service-orders.js';
import { schemaStoreFor } from '../schemas/store.js';
import {
  COPYRIGHT_SERVICES_ID,
  serviceCatalogue,
  type ServiceCatalogue,
} from '../../../src/schemas/services/copyright-services.js';
import { schemas } from '../../../src/schemas/index.js';
import { claimOrderCoupon, couponDiscount, licensee } from './checkout.js';

export interface ServiceOrderInput {
  sku: string;
  /** Packages to buy (each grants the package's quantity). */
  count?: number;
  couponId?: number;
}

export const MAX_PACKAGE_COUNT = 100;

/** The catalogue staff currently publish: prices follow edits without a restart. */
export async function currentCatalogue(db: Db): Promise<ServiceCatalogue> {
  const cur = await schemaStoreFor(db).get(COPYRIGHT_SERVICES_ID);
  return serviceCatalogue(cur?.body ?? schemas[COPYRIGHT_SERVICES_ID]);
}

/** The server's price for a service order: package, units, subtotal, discount, amount, coupons. */
export async function quoteServiceOrder(db: Db, user: UserRow, input: ServiceOrderInput) {
  const cat = await currentCatalogue(db);
  const pkg = cat.pkg(input.sku);
  if (!pkg) throw new AppError(400, '服务套餐不存在，请重新选择');
  const service = cat.service(pkg.service)!;
  const count = input.count ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PACKAGE_COUNT)
    throw new AppError(400, `购买份数必须是 1 到 ${MAX_PACKAGE_COUNT} 的整数`);
  const subtotalCents = pkg.priceCents * count;
  const { coupons, discountCents } = await couponDiscount(db, user.id, subtotalCents, input.couponId);
  return {
    package: pkg,
    service,
    count,
    quantity: pkg.quantity * count,
    subtotalCents,
    discountCents,
    amountCents: subtotalCents - discountCents,
    coupons,
  };
}

/**
 * Places a service order in one short transaction: the order (kind 'service', paid through /pay),
 * its coupon claim and the package row. Returns the order id the cashier pays.
 */
export async function createServiceOrder(db: Db, user: UserRow, input: ServiceOrderInput) {
  const q = await quoteServiceOrder(db, user, input);
  // The service is the account's own: invoices and certificates name its holder.
  const holder = licensee(user, []);
  return db.tx(async (t) => {
    const { id, orderNo } = await insertOrder(t, {
      userId: user.id,
      source: 'direct',
      kind: 'service',
      licenseeType: holder.type,
      licenseeName: holder.name,
      subtotalCents: q.subtotalCents,
      items: [],
    });
    if (input.couponId) await claimOrderCoupon(t, user.id, id, input.couponId, q.subtotalCents, q.discountCents);
    const serviceOrderId = await insertServiceOrder(t, {
      orderId: id,
      userId: user.id,
      service: q.package.service,
      sku: q.package.sku,
      title: q.count > 1 ? `${q.package.title} × ${q.count}` : q.package.title,
      count: q.count,
      quantity: q.quantity,
      priceCents: q.package.priceCents,
      validDays: q.package.validDays,
    });
    return { id, orderNo, amountCents: q.amountCents, serviceOrderId };
  });
}
