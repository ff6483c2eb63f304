import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeApi } from '../../helpers/fake-api';
import BuyPage from '../../../src/pages/buy/BuyPage';

const api = fakeApi();

const quote = (held: boolean) => ({
  lines: [
    { materialId: 10, title: '熊猫嬉戏', scenarioName: '企业宣传', level: 'company', priceCents: 30000, held },
    { materialId: 20, title: '雪山日出', scenarioName: '企业宣传', level: 'company', priceCents: 30000, held: false },
  ],
  subtotalCents: 60000,
  discountCents: 0,
  amountCents: 60000,
  coupons: [],
  licensee: { type: 'ORGANISATIONS', name: '星河文化' },
});

const renderBuy = () =>
  render(
    <MemoryRouter initialEntries={['/buy/cart?ids=1,2']}>
      <AntdApp>
        <Routes>
          <Route path="/buy/:from" element={<BuyPage />} />
        </Routes>
      </AntdApp>
    </MemoryRouter>,
  );

describe('order confirmation', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('warns before re-buying a held licence and does not offer to submit', async () => {
    api.post.mockImplementation(async (url: string) => (url === '/api/trade/quote' ? quote(true) : null));
    renderBuy();
    expect(await screen.findByTestId('buy-held-warning')).toHaveTextContent(
      '您已持有「熊猫嬉戏」的「企业宣传」授权，无需重复购买',
    );
    expect(within(screen.getByText('熊猫嬉戏').closest('tr')!).getByText('已持有该授权')).toBeInTheDocument();
    expect(within(screen.getByText('雪山日出').closest('tr')!).queryByText('已持有该授权')).toBeNull();
    expect(screen.getByRole('button', { name: /提交订单/ })).toBeDisabled();
  });

  it('shows no warning when nothing is held', async () => {
    api.post.mockImplementation(async (url: string) => (url === '/api/trade/quote' ? quote(false) : null));
    renderBuy();
    expect(await screen.findByRole('button', { name: /提交订单/ })).toBeEnabled();
    expect(screen.queryByTestId('buy-held-warning')).toBeNull();
    // The checkout page has one h1 naming it.
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['确认订单']);
    expect(screen.getByRole('combobox', { name: '优惠券' })).toBeInTheDocument();
  });
});
