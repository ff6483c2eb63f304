import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine, type DataProvider } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { sales } from '../../../src/resources';
import type { SalesSummary } from '../../../src/schemas/api/earnings';

// echarts draws on a canvas jsdom does not have: the page's lazy chart module is replaced by a probe
// showing what the page handed it.
vi.mock('../../../src/pages/creator/sales/EarningsCharts', () => ({
  default: ({ summary }: { summary: SalesSummary }) => (
    <div data-testid="charts">{`${summary.byDay.length} 天 / ${summary.byWork.map((w) => w.title).join('、')}`}</div>
  ),
}));
const { default: SalesPage } = await import('../../../src/pages/creator/sales/SalesPage');

const rows = [
  {
    id: 1,
    title: '雪山日出延时',
    scenario: 'enterprise_promotion',
    buyerType: 'ORGANISATIONS',
    grossCents: 8990,
    sharePercent: 50,
    amountCents: 4495,
    state: 'available',
    createdAt: '2026-11-20T08:00:00Z',
    availableAt: '2026-11-27T08:00:00Z',
  },
  {
    id: 2,
    title: '城市夜景航拍',
    scenario: 'personal_media',
    buyerType: 'PERSONAL',
    grossCents: 3000,
    sharePercent: 60,
    amountCents: 1800,
    state: 'reversed',
    createdAt: '2026-11-21T08:00:00Z',
    availableAt: '2026-11-28T08:00:00Z',
  },
];
const summary: SalesSummary = {
  count: 1,
  grossCents: 8990,
  amountCents: 4495,
  reversedCents: 1800,
  byDay: [{ day: '2026-11-20', amountCents: 4495, count: 1 }],
  byWork: [{ materialId: 9, title: '雪山日出延时', amountCents: 4495, count: 1 }],
};

function renderPage() {
  const getList = vi.fn(async (_params: any) => ({ data: rows, total: rows.length }));
  const custom = vi.fn(async ({ url }: { url: string; query?: Record<string, string> }) => {
    if (url.endsWith('/summary')) return { data: summary };
    if (url.endsWith('/rule')) return { data: { defaultPercent: 50, exclusivePercent: 60, holdDays: 7 } };
    throw new Error(`unexpected ${url}`);
  });
  const dp = { getList, custom, getApiUrl: () => '/api' } as unknown as DataProvider;
  render(
    <MemoryRouter>
      <AntdApp>
        <Refine
          dataProvider={dp}
          routerProvider={routerBindings}
          resources={[{ name: sales.name, list: sales.listPath, meta: { apiPath: sales.apiPath } }]}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <SalesPage />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
  return { getList, custom };
}

describe('/creator/sales', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('shows the share rule, the totals, the charts of the same summary and the sales with labels', async () => {
    renderPage();
    expect(
      await screen.findByText(
        '当前分成比例 50%（独家签约创作者 60%），按买家实付金额计算；收益入账 7 天后可提现，订单退款时相应分成扣回。',
      ),
    ).toBeInTheDocument();
    const totals = await screen.findByTestId('sales-totals');
    expect(totals).toHaveTextContent('销售笔数（不含退款）1实付金额（元）89.90分成收益（元）44.95已扣回（元）18.00');
    expect(await screen.findByTestId('charts')).toHaveTextContent('1 天 / 雪山日出延时');

    const first = (await screen.findByText('雪山日出延时', { selector: 'td' })).closest('tr')!;
    expect(within(first).getByText('企业宣传推广')).toBeInTheDocument();
    expect(within(first).getByText('企业')).toBeInTheDocument();
    expect(within(first).getByText('50%')).toBeInTheDocument();
    expect(within(first).getByText('¥44.95')).toBeInTheDocument();
    expect(within(first).getByText('可提现')).toBeInTheDocument();
    const second = screen.getByText('城市夜景航拍', { selector: 'td' }).closest('tr')!;
    expect(within(second).getByText('已扣回')).toBeInTheDocument();
    expect(within(second).getByText('个人自媒体')).toBeInTheDocument();
    // Read only: no action column.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(sales.columns.map((c) => c.title));
  });

  it('a search filters the list and the totals alike', async () => {
    const { getList, custom } = renderPage();
    await screen.findByTestId('sales-totals');
    await userEvent.type(screen.getByPlaceholderText('输入关键词搜索'), '雪山');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(custom.mock.calls.some(([c]) => c.url.endsWith('/summary') && c.query?.title_like === '雪山')).toBe(true),
    );
    const lastList = getList.mock.calls.at(-1)![0] as any;
    expect(lastList.filters).toContainEqual({ field: 'title', operator: 'contains', value: '雪山' });
  });
});
