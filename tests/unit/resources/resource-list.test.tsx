import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine, type DataProvider } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { ResourceList } from '../../../src/resources/views/ResourceList';
import { deposits, orders, works } from '../../../src/resources';
import { statusColor } from '../../../src/schemas';

/** A data provider that records calls and answers from a fixed list. */
function mockProvider(rows: any[], fail = false) {
  const getList = vi.fn(async (_params: any) => {
    if (fail) throw { message: '服务器开小差了，请稍后再试', statusCode: 500 };
    return { data: rows, total: rows.length };
  });
  const dp = { getList, getApiUrl: () => '/api' } as unknown as DataProvider;
  return { dp, getList };
}

function renderList(dp: DataProvider, def = deposits) {
  return render(
    <MemoryRouter>
      <AntdApp>
        <Refine
          dataProvider={dp}
          routerProvider={routerBindings}
          resources={[{ name: def.name, list: def.listPath, meta: { apiPath: def.apiPath } }]}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <ResourceList def={def} nav={{ show: () => {}, create: () => {} }} />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

describe('generic ResourceList', { timeout: 30_000 }, () => {
  afterEach(cleanup);
  it('renders the definition columns and status tags coloured from the status table', async () => {
    const { dp, getList } = mockProvider([
      {
        id: 7,
        work_name: '山川日出',
        work_category: 1,
        file_name: 'a.jpg',
        sha256: 'ab12',
        status: 1,
        created_at: '2026-11-20T08:00:00Z',
      },
      {
        id: 8,
        work_name: '城市夜景',
        work_category: 4,
        file_name: 'b.pdf',
        sha256: 'cd34',
        status: 2,
        created_at: '2026-11-21T08:00:00Z',
      },
    ]);
    renderList(dp);
    await screen.findByText('山川日出');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([...deposits.columns.map((c) => c.title), '操作']);
    const row = (await screen.findByText('山川日出')).closest('tr')!;
    const tag = within(row).getByText('已存证');
    expect(tag.className).toContain(`ant-tag-${statusColor('lumen:status/evidence-deposit', 1)}`);
    expect(within(row).getByText('摄影作品')).toBeInTheDocument();
    expect(within(screen.getByText('城市夜景').closest('tr')!).getByText('存证中')).toBeInTheDocument();
    // The list convention: resource meta carries the apiPath, pagination starts at page 1.
    const call = getList.mock.calls[0][0] as any;
    expect(call.meta.apiPath).toBe('protection/deposit');
    expect(call.pagination).toMatchObject({ current: 1, pageSize: 10 });
  });

  it('marks an order paid after it closed as awaiting refund, and leaves other orders blank', async () => {
    const base = {
      subtotalCents: 39900,
      discountCents: 0,
      amountCents: 39900,
      payMethod: 'wechat',
      createdAt: '2026-11-20T08:00:00Z',
    };
    renderList(
      mockProvider([
        { ...base, id: 1, orderNo: 'LO0001', itemTitles: ['熊猫'], status: 'expired', refundStatus: 'pending' },
        { ...base, id: 2, orderNo: 'LO0002', itemTitles: ['雪山'], status: 'paid', refundStatus: null },
      ]).dp,
      orders,
    );
    const late = (await screen.findByText('LO0001')).closest('tr')!;
    expect(within(late).getByText('已超时关闭')).toBeInTheDocument();
    expect(within(late).getByText('待退款')).toBeInTheDocument();
    const paid = screen.getByText('LO0002').closest('tr')!;
    expect(within(paid).queryByText('待退款')).toBeNull();
    expect(screen.getByRole('columnheader', { name: '退款' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderList(mockProvider([]).dp, works);
    expect(await screen.findByText('暂无作品')).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    const { dp, getList } = mockProvider([], true);
    renderList(dp);
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重 试' }).closest('button') ?? screen.getByText('重试'));
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(1));
  });

  it('sends the keyword search as a contains filter on the search field', async () => {
    const { dp, getList } = mockProvider([]);
    renderList(dp);
    const box = await screen.findByPlaceholderText('输入关键词搜索');
    await userEvent.type(box, '日出{enter}');
    await waitFor(() => {
      const last = getList.mock.calls.at(-1)![0] as any;
      expect(last.filters).toContainEqual({ field: 'work_name', operator: 'contains', value: '日出' });
    });
  });
});
