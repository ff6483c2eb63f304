import '../../helpers/antd-jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '../../helpers/fake-api';
import CartPage from '../../../src/pages/cart/CartPage';

const api = fakeApi();

const line = (id: number, title: string, priceCents: number, available = true, held = false) => ({
  id,
  materialId: id * 10,
  title,
  type: 1,
  scenario: 'personal_study',
  scenarioName: '个人交流学习',
  basePriceCents: priceCents,
  priceCents,
  available,
  held,
});
let lines = [line(1, '熊猫嬉戏', 39900), line(2, '雪山日出', 29900), line(3, '已下架素材', 10000, false)];

beforeEach(() => {
  lines = [line(1, '熊猫嬉戏', 39900), line(2, '雪山日出', 29900), line(3, '已下架素材', 10000, false)];
  // The cart list answers the cart; schema requests get nothing (the bundled use-case table serves).
  api.get.mockImplementation(async (url: string) => (url === '/api/trade/cart/list' ? { list: lines } : null));
  api.put.mockImplementation(async (url: string, body: { scenario: string }) => {
    const id = Number(url.split('/').pop());
    lines = lines.map((l) => (l.id === id ? { ...l, scenario: body.scenario, priceCents: l.basePriceCents * 3 } : l));
    return null;
  });
});
afterEach(cleanup);

const renderCart = () =>
  render(
    <MemoryRouter>
      <AntdApp>
        <CartPage />
      </AntdApp>
    </MemoryRouter>,
  );
const total = () => screen.getByTestId('cart-total').textContent;

describe('cart page selection', { timeout: 20_000 }, () => {
  it('selects every available line on the first load and totals them', async () => {
    renderCart();
    await screen.findByText('熊猫嬉戏');
    await waitFor(() => expect(total()).toBe('¥698.00'));
    expect(screen.getByText(/已选 2 件/)).toBeInTheDocument();
    const gone = screen.getByText('已下架素材').closest('tr')!;
    expect(within(gone).getByRole('checkbox')).toBeDisabled();
    expect(within(gone).getByText('已下架')).toBeInTheDocument();
  });

  it('keeps an emptied selection empty when a licence change reloads the cart', async () => {
    renderCart();
    await waitFor(() => expect(total()).toBe('¥698.00'));
    // The header checkbox clears the selection.
    fireEvent.click(within(screen.getAllByRole('columnheader')[0]).getByRole('checkbox'));
    await waitFor(() => expect(total()).toBe('¥0.00'));

    const row = screen.getByText('熊猫嬉戏').closest('tr')!;
    fireEvent.mouseDown(row.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText(/^个人自媒体/));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/trade/cart/1', { scenario: 'personal_media' }));
    expect(api.sent('PUT', '/api/trade/cart/1')[0].encoding).toBe('json');
    await waitFor(() =>
      expect(within(screen.getByText('熊猫嬉戏').closest('tr')!).getByText('¥1197.00')).toBeInTheDocument(),
    );
    expect(total()).toBe('¥0.00');
    expect(screen.getByText(/已选 0 件/)).toBeInTheDocument();
  });

  it('warns about a licence already held and keeps that line out of the checkout', async () => {
    lines = [line(1, '熊猫嬉戏', 39900), line(2, '雪山日出', 29900, true, true)];
    renderCart();
    await waitFor(() => expect(total()).toBe('¥399.00'));
    const heldRow = screen.getByText('雪山日出').closest('tr')!;
    expect(within(heldRow).getByText('已持有该授权')).toBeInTheDocument();
    expect(within(heldRow).getByRole('checkbox')).toBeDisabled();
    expect(screen.getByTestId('cart-held-warning')).toHaveTextContent(
      '您已持有「雪山日出」的「个人交流学习」授权，无需重复购买',
    );
    expect(screen.getByText(/已选 1 件/)).toBeInTheDocument();
  });
});
