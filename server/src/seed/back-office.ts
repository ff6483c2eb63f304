import type { FastifyInstance } from 'fastify';
import { requestInvoice } from '../services/invoicing.js';
import { invoiceableOrders } from '../repositories/invoices.js';
import { createGiftCardBatch } from '../services/gift-cards.js';
import { validateForm } from '../routes/form-validate.js';
import { seededUserIds } from './users.js';
import { currentGiftRules } from '../routes/gift-cards.js';

/**
 * Back-office demo data, so /admin/invoices and /admin/gift-cards show work on a fresh install:
 * the patron company's VAT invoice request for its paid licence orders (waiting to be issued) and
 * a batch of gift cards staff made for a campaign. Forms are checked by the schemas the pages use.
 * Runs after the sales seed (it needs the patron's orders); skips when any invoice or batch exists.
 */
export async function seedBackOffice(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const ids = await seededUserIds(db, ['seed_patron_company', 'demo_staff']);
  const patron = ids.get('seed_patron_company');
  const staff = ids.get('demo_staff');

  if (patron !== undefined && !(await db.query('SELECT 1 FROM invoices LIMIT 1')).rows.length) {
    // Its three latest licence orders, as the request page lists them.
    const orders = (await invoiceableOrders(db, patron, 'material')).slice(0, 3).map((o) => o.id);
    if (orders.length) {
      const form = await validateForm(app, 'lumen:forms/invoice', {
        orders,
        invoiceType: 2,
        taxRate: 6,
        title: '青禾广告有限公司',
        taxId: '91310000MA1FL0XX7Y',
        bankName: '招商银行上海分行营业部',
        bankAccount: '121908765410201',
        address: '上海市徐汇区漕溪北路398号',
        phone: '021-64871234',
        email: 'finance@qinghe-ad.example.com',
        remark: '请开具信息技术服务费',
      });
      await requestInvoice(db, patron, form, 'material');
    }
  }

  if (staff !== undefined && !(await db.query('SELECT 1 FROM gift_card_batches LIMIT 1')).rows.length) {
    const form = await validateForm(app, 'lumen:forms/gift-card-batch', {
      amount: 100,
      count: 20,
      note: '双十二创作者大会伴手礼',
    });
    await createGiftCardBatch(
      db,
      null,
      { id: staff },
      form as { amount: number; count: number; note: string },
      await currentGiftRules(app),
    );
  }
}
