import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine, type DataProvider } from '@refinedev/core';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { ResourceForm, toExtraErrors } from '../../../src/resources/views/ResourceForm';
import { invoices } from '../../../src/resources';
import { RequestError } from '../../../src/dataProvider/axios';
import { envelope, mockHttp } from '../dataProvider/mock-adapter';

// The invoice form's order picker loads the user's invoiceable paid orders; anything else (schema
// refreshes) fails as offline, so the bundled schemas are used.
const INVOICEABLE = [
  {
    id: 7,
    orderNo: 'LM202601010001',
    amountCents: 12050,
    paidAt: '2026-01-01T08:00:00Z',
    itemTitles: '熊猫吃竹子 4K 实拍',
  },
  { id: 8, orderNo: 'LM202601020002', amountCents: 3000, paidAt: '2026-01-02T08:00:00Z', itemTitles: '城市夜景延时' },
];
mockHttp((cfg) =>
  cfg.url?.includes('/api/user/invoice/orders')
    ? { data: envelope({ list: INVOICEABLE, total: 2 }) }
    : { networkError: { message: 'offline' } },
);

function renderForm(create: DataProvider['create']) {
  const dp = {
    create,
    getList: async () => ({ data: [], total: 0 }),
    getApiUrl: () => '/api',
  } as unknown as DataProvider;
  const onDone = vi.fn();
  render(
    <MemoryRouter>
      <AntdApp>
        <Refine
          dataProvider={dp}
          resources={[{ name: invoices.name, meta: { apiPath: invoices.apiPath } }]}
          options={{ disableTelemetry: true }}
        >
          <ResourceForm def={invoices} mode="create" onDone={onDone} />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
  return onDone;
}

async function pickOrder(orderNo: string) {
  const row = (await screen.findByText(orderNo, undefined, { timeout: 10_000 })).closest('tr')!;
  await userEvent.click(within(row as HTMLElement).getByRole('checkbox'));
}

async function fillOrdinary() {
  await pickOrder('LM202601010001');
  await userEvent.type(await screen.findByLabelText(/发票抬头/), '星河文化传媒有限公司');
  await userEvent.type(screen.getByLabelText(/接收邮箱/), 'finance@xinghe.cn');
}

describe('generic ResourceForm', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('maps server field errors onto fields and keeps what was typed', async () => {
    const create = vi.fn(async () => {
      throw new RequestError('发票抬头与实名认证信息不一致', 400, {
        fieldErrors: { '/title': '发票抬头与实名认证信息不一致' },
      });
    });
    renderForm(create as any);
    await fillOrdinary();
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect((create.mock.calls[0] as any)[0].variables).toMatchObject({
      invoiceType: 0,
      taxRate: 6,
      title: '星河文化传媒有限公司',
      orders: [7],
    });
    expect((create.mock.calls[0] as any)[0].variables).not.toHaveProperty('amount');
    // Once in the alert, once under the field (extraErrors).
    expect(await screen.findAllByText('发票抬头与实名认证信息不一致')).toHaveLength(2);
    expect(screen.getByLabelText(/发票抬头/)).toHaveValue('星河文化传媒有限公司');
  });

  it('submits valid data and reports the new id', async () => {
    const create = vi.fn(async ({ variables }: any) => ({ data: { id: 42, ...variables } }));
    const onDone = renderForm(create as any);
    await fillOrdinary();
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(42));
  });

  it('fills the orders from the invoiceable paid orders and shows their total; none picked is refused', async () => {
    const create = vi.fn(async ({ variables }: any) => ({ data: { id: 43, ...variables } }));
    renderForm(create as any);
    await userEvent.type(await screen.findByLabelText(/发票抬头/), '星河文化传媒有限公司');
    await userEvent.type(screen.getByLabelText(/接收邮箱/), 'finance@xinghe.cn');
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect((await screen.findAllByText('请选择要开票的订单')).length).toBeGreaterThan(0);
    expect(create).not.toHaveBeenCalled();
    await pickOrder('LM202601010001');
    await pickOrder('LM202601020002');
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent('已选 2 笔订单，开票金额 ¥150.50');
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect((create.mock.calls[0] as any)[0].variables.orders).toEqual([7, 8]);
  });

  it('toExtraErrors nests JSON-pointer paths', () => {
    expect(toExtraErrors({ fieldErrors: { '/files': 'a', '/bank/account': 'b' } })).toEqual({
      files: { __errors: ['a'] },
      bank: { account: { __errors: ['b'] } },
    });
    expect(toExtraErrors(null)).toBeUndefined();
  });
});
