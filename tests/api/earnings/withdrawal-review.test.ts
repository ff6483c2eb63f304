import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../helpers/trade.js';
import { earningsFixture, type Fixture } from './fixture.js';
import { approveWithdrawal } from '../../../server/src/services/withdrawal-review.js';
import type { PayProvider } from '../../../server/src/adapters/pay/index.js';

describe('staff approve (pay out once) or refuse withdrawals', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await earningsFixture();
    await f.sell([await f.work(f.creator.id, 200000)]);
    await f.mature();
  });
  afterAll(() => f.close());

  const approve = (id: number, who = f.staff) => call(f.app, 'POST', `/api/admin/withdrawals/${id}/approve`, who.auth);
  const reject = (id: number, reason: unknown, who = f.staff) =>
    call(f.app, 'POST', `/api/admin/withdrawals/${id}/reject`, who.auth, { reason });
  const payouts = async (payoutNo: string) =>
    (
      await f.db.query('SELECT amount_cents, payee_type, account_no FROM sandbox_payouts WHERE payout_no = $1', [
        payoutNo,
      ])
    ).rows;
  const request = async (amount: number) => (await f.withdraw(amount)).body.data.id as number;
  const history = async (id: number) =>
    (await call(f.app, 'GET', `/api/user/withdrawal/${id}/events`, f.creator.auth)).body.data.list.map((e: any) => [
      e.action,
      e.toStatus,
      e.actorRole,
    ]);

  it('approval pays through the sandbox once, even when approved again or in parallel', async () => {
    const id = await request(120);
    const queue = (await call(f.app, 'GET', '/api/admin/withdrawals/list?status=0', f.staff.auth)).body.data.list;
    expect(queue.find((w: any) => w.id === id)).toMatchObject({ amountCents: 12000, channel: 'alipay', status: 0 });

    const answers = await Promise.all([approve(id), approve(id), approve(id)]);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const paid = (await approve(id)).body.data;
    expect(paid).toMatchObject({ status: 1, payoutId: expect.any(String) });
    expect(await payouts(paid.payoutNo)).toEqual([
      { amount_cents: 12000, payee_type: 'alipay_account', account_no: 'creator@example.com' },
    ]);
    expect(await history(id)).toEqual([
      ['requested', 0, 'creator'],
      ['approved', 4, 'staff'],
      ['paid', 1, 'system'],
    ]);
    expect(await f.summary()).toMatchObject({ withdrawnCents: 12000, pendingCents: 0, availableCents: 100000 - 12000 });
    // A paid withdrawal cannot be refused.
    expect((await reject(id, '信息不符')).status).toBe(409);
  });

  it('the sandbox payout is idempotent by payout number', async () => {
    const req = {
      payoutNo: 'WD-test-1',
      amountCents: 500,
      payeeType: 'bank_card' as const,
      accountNo: '6222000011112222',
      accountName: '山川',
      remark: '测试',
    };
    const a = await f.providers.alipay.payout(req);
    const b = await f.providers.alipay.payout(req);
    expect(b).toEqual(a);
    expect(await payouts('WD-test-1')).toHaveLength(1);
    await expect(f.providers.alipay.payout({ ...req, amountCents: 600 })).rejects.toThrow('转账单号已用于其他转账');
  });

  it('refusal returns the amount to available and shows the reason to the creator', async () => {
    const before = (await f.summary()).availableCents;
    const id = await request(300);
    expect((await f.summary()).availableCents).toBe(before - 30000);
    const bad = await reject(id, ' ');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请填写2到200字的驳回原因');
    const r = await reject(id, '收款人姓名与实名信息不一致');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 2, rejectReason: '收款人姓名与实名信息不一致' });
    expect((await f.summary()).availableCents).toBe(before);
    const mine = (await call(f.app, 'GET', `/api/user/withdrawal/${id}`, f.creator.auth)).body.data;
    expect(mine).toMatchObject({ status: 2, reject_reason: '收款人姓名与实名信息不一致' });
    const events = (await call(f.app, 'GET', `/api/user/withdrawal/${id}/events`, f.creator.auth)).body.data.list;
    expect(events.at(-1)).toMatchObject({ action: 'rejected', note: '收款人姓名与实名信息不一致', toStatus: 2 });
    expect((await approve(id)).body).toMatchObject({ msg: '该提现已驳回' });
    const payoutNo = (await f.db.query('SELECT payout_no FROM withdrawals WHERE id = $1', [id])).rows[0].payout_no;
    expect(await payouts(payoutNo)).toHaveLength(0);
  });

  it('a refused transfer returns the withdrawal to review; approving again pays with the same payout number, once', async () => {
    const id = await request(10);
    const refusing = {
      ...f.providers.alipay,
      label: '支付宝',
      payout: async () => {
        throw new Error('收款账户与姓名不匹配');
      },
    } as unknown as PayProvider;
    await expect(approveWithdrawal(f.db, refusing, id, f.staff.id)).rejects.toMatchObject({
      statusCode: 502,
      message: '支付宝打款失败：收款账户与姓名不匹配',
    });
    expect(await history(id)).toEqual([
      ['requested', 0, 'creator'],
      ['approved', 4, 'staff'],
      ['payout_failed', 0, 'system'],
    ]);
    expect((await f.summary()).pendingCents).toBeGreaterThanOrEqual(1000); // still held while in review
    const paid = (await approve(id)).body.data;
    expect(paid.status).toBe(1);
    expect(await payouts(paid.payoutNo)).toHaveLength(1);
  });

  it('a paying claim whose caller died is taken again after a few minutes and pays once', async () => {
    const id = await request(10);
    await f.db.query(`UPDATE withdrawals SET status = 4, claimed_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    expect((await approve(id)).body).toMatchObject({ msg: '该提现正在打款，请稍后刷新' });
    await f.db.query(`UPDATE withdrawals SET claimed_at = now() - interval '10 minutes' WHERE id = $1`, [id]);
    const paid = (await approve(id)).body.data;
    expect(paid.status).toBe(1);
    expect(await payouts(paid.payoutNo)).toHaveLength(1);
  });

  it('is staff only, and answers 404 for a missing withdrawal', async () => {
    const id = await request(1);
    expect((await approve(id, f.creator)).status).toBe(403);
    expect((await call(f.app, 'GET', '/api/admin/withdrawals/list')).status).toBe(401);
    expect((await call(f.app, 'GET', '/api/admin/withdrawals/list?status=9', f.staff.auth)).status).toBe(400);
    expect((await approve(99999999)).status).toBe(404);
    const detail = (await call(f.app, 'GET', `/api/admin/withdrawals/${id}`, f.staff.auth)).body.data;
    expect(detail).toMatchObject({ id, status: 0, earnings: expect.objectContaining({ pendingCents: 100 }) });
    expect(detail.events).toEqual([expect.objectContaining({ action: 'requested', actorName: expect.any(String) })]);
  });
});
