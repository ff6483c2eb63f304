import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine, type DataProvider } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import WithdrawDetail from '../../../src/pages/creator/WithdrawDetail';
import { ResourcePage } from '../../../src/resources/views/ResourcePage';
import { withdrawals } from '../../../src/resources';
import { RequestError } from '../../../src/dataProvider/axios';

const rejected = {
  id: 2,
  amount_cents: 8000,
  channel: 'alipay',
  account_name: '山川',
  account_no: 'shanchuan@example.com',
  status: 2,
  reject_reason: '收款人姓名不一致',
  created_at: '2026-11-20T08:00:00Z',
  paid_at: null,
};
const events = [
  {
    id: 1,
    actorRole: 'creator',
    action: 'requested',
    fromStatus: null,
    toStatus: 0,
    note: '',
    createdAt: '2026-11-20T08:00:00Z',
  },
  {
    id: 2,
    actorRole: 'staff',
    action: 'rejected',
    fromStatus: 0,
    toStatus: 2,
    note: '收款人姓名不一致',
    createdAt: '2026-11-21T08:00:00Z',
  },
];

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderAt(
  url: string,
  custom: DataProvider['custom'],
  getList = vi.fn(async () => ({ data: [rejected], total: 1 })),
) {
  const dp = { custom, getList, getApiUrl: () => '/api' } as unknown as DataProvider;
  render(
    <MemoryRouter initialEntries={[url]}>
      <AntdApp>
        <Refine
          dataProvider={dp}
          routerProvider={routerBindings}
          resources={[{ name: withdrawals.name, list: withdrawals.listPath, meta: { apiPath: withdrawals.apiPath } }]}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route path="/creator/withdraw" element={<ResourcePage def={withdrawals} />} />
            <Route path="/creator/withdraw/detail" element={<WithdrawDetail />} />
          </Routes>
          <Where />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

describe('/creator/withdraw/detail', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('shows a refused withdrawal with the reason and its history, reached from the list', async () => {
    const custom = vi.fn(async ({ url }: { url: string }) => ({
      data: url.endsWith('/events') ? { list: events } : rejected,
    })) as any;
    renderAt('/creator/withdraw', custom);
    const row = (await screen.findByText('收款人姓名不一致')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /查\s*看/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/creator/withdraw/detail?id=2');
    expect(await screen.findByTestId('reject-reason')).toHaveTextContent('驳回原因：收款人姓名不一致');
    expect(screen.getByText('¥80.00')).toBeInTheDocument();
    const history = screen.getByTestId('withdrawal-history');
    expect(history).toHaveTextContent('提交申请');
    expect(history).toHaveTextContent('驳回平台运营');
    expect(history).toHaveTextContent('原因：收款人姓名不一致');
    expect(custom.mock.calls.map(([c]: any) => c.url).sort()).toEqual([
      '/api/user/withdrawal/2',
      '/api/user/withdrawal/2/events',
    ]);
  });

  it('answers a missing or foreign withdrawal, and a bad id, with 提现记录不存在', async () => {
    const custom = vi.fn(async () => {
      throw new RequestError('记录不存在', 404);
    }) as any;
    renderAt('/creator/withdraw/detail?id=99', custom);
    expect(await screen.findByText('提现记录不存在')).toBeInTheDocument();
    cleanup();
    const none = vi.fn() as any;
    renderAt('/creator/withdraw/detail?id=abc', none);
    expect(await screen.findByText('提现记录不存在')).toBeInTheDocument();
    expect(none).not.toHaveBeenCalled();
  });
});
