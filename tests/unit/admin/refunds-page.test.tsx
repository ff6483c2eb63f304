import '../../helpers/antd-jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '../../helpers/fake-api';
import RefundsPage from '../../../src/pages/admin/RefundsPage';

const refund = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  orderId: id,
  orderNo: `LM2026010100${id}`,
  userId: 9,
  userName: '星河文化',
  provider: 'alipay',
  transactionId: `tx-${id}`,
  amountCents: 6000,
  reason: 'paid_twice',
  status: 'due',
  refundNo: `RF${id}`,
  providerRefundId: null,
  settledAt: null,
  createdAt: '2026-01-01T08:00:00Z',
  ...over,
});
let due: any[] = [];
const api = fakeApi();

beforeEach(() => {
  due = [refund(1), refund(2, { provider: 'wallet', reason: 'paid_after_close', amountCents: 1500 })];
  api.get.mockImplementation(async (url: string, params?: { status: string }) => {
    if (url === '/api/schemas/access') return { staff: true };
    if (url === '/api/admin/refunds/list')
      return params?.status === 'due' ? { list: due, total: due.length } : { list: [], total: 0 };
    return null;
  });
  api.post.mockImplementation(async (url: string) => {
    const id = Number(url.split('/').at(-2));
    due = due.filter((r) => r.id !== id);
    return refund(id, { status: 'refunded' });
  });
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <MemoryRouter>
      <AntdApp>
        <RefundsPage />
      </AntdApp>
    </MemoryRouter>,
  );

describe('staff refund settlement page', { timeout: 20_000 }, () => {
  it('lists refunds due with channel, amount and reason, and settles one after confirmation', async () => {
    renderPage();
    const row = (await screen.findByText('LM20260101001', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('支付宝')).toBeInTheDocument();
    expect(within(row).getByText('¥60.00')).toBeInTheDocument();
    expect(within(row).getByText('订单重复支付')).toBeInTheDocument();
    const walletRow = screen.getByText('LM20260101002').closest('tr')!;
    expect(within(walletRow).getByText('钱包余额')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: /结算退款/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/admin/refunds/1/settle', {}));
    expect(api.sent('POST', '/api/admin/refunds/1/settle')[0].encoding).toBe('json');
    await waitFor(() => expect(screen.queryByText('LM20260101001')).toBeNull());
    expect(screen.getByText('LM20260101002')).toBeInTheDocument();
  });

  it('shows the empty state when nothing is due', async () => {
    due = [];
    renderPage();
    expect(await screen.findByText('暂无待结算的退款')).toBeInTheDocument();
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    const ok = api.get.getMockImplementation()!;
    api.get.mockImplementation(async (url: string, params?: any) => {
      if (url === '/api/admin/refunds/list' && fail) throw new Error('网络错误');
      return ok(url, params);
    });
    renderPage();
    expect(await screen.findByText('退款列表加载失败')).toBeInTheDocument();
    expect(screen.getByText('网络错误')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('LM20260101001')).toBeInTheDocument();
  });

  it('refuses someone who is not staff', async () => {
    api.get.mockImplementation(async (url: string) => (url === '/api/schemas/access' ? { staff: false } : null));
    renderPage();
    expect(await screen.findByText('没有权限：退款结算仅对运营人员开放')).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalledWith('/api/admin/refunds/list', expect.anything());
  });
});
