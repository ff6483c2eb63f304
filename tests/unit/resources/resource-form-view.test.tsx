import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine, type DataProvider } from '@refinedev/core';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { ResourceForm, toExtraErrors } from '../../../src/resources/views/ResourceForm';
import { invoices } from '../../../src/resources';
import { RequestError } from '../../../src/dataProvider/axios';

function renderForm(create: DataProvider['create']) {
  const dp = { create, getList: async () => ({ data: [], total: 0 }), getApiUrl: () => '/api' } as unknown as DataProvider;
  const onDone = vi.fn();
  render(
    <MemoryRouter>
      <AntdApp>
        <Refine dataProvider={dp} resources={[{ name: invoices.name, meta: { apiPath: invoices.apiPath } }]} options={{ disableTelemetry: true }}>
          <ResourceForm def={invoices} mode="create" onDone={onDone} />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
  return onDone;
}

async function fillOrdinary() {
  await userEvent.type(await screen.findByLabelText(/发票抬头/), '星河文化传媒有限公司');
  await userEvent.type(screen.getByLabelText(/开票金额/), '120.5');
  await userEvent.type(screen.getByLabelText(/接收邮箱/), 'finance@xinghe.cn');
}

describe('generic ResourceForm', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('maps server field errors onto fields and keeps what was typed', async () => {
    const create = vi.fn(async () => {
      throw new RequestError('发票抬头与实名认证信息不一致', 400, { fieldErrors: { '/title': '发票抬头与实名认证信息不一致' } });
    });
    renderForm(create as any);
    await fillOrdinary();
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect((create.mock.calls[0] as any)[0].variables).toMatchObject({ invoiceType: 0, taxRate: 6, title: '星河文化传媒有限公司', amount: 120.5 });
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

  it('toExtraErrors nests JSON-pointer paths', () => {
    expect(toExtraErrors({ fieldErrors: { '/files': 'a', '/bank/account': 'b' } })).toEqual({ files: { __errors: ['a'] }, bank: { account: { __errors: ['b'] } } });
    expect(toExtraErrors(null)).toBeUndefined();
  });
});
