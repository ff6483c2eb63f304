import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { RowActions } from '../../../src/resources/views/RowActions';
import { orders } from '../../../src/resources/orders';

function PayProbe() {
  const loc = useLocation();
  return <div data-testid="pay-page">{`${loc.pathname}${loc.search}`}</div>;
}

function renderActions(row: Record<string, unknown>) {
  return render(
    <MemoryRouter initialEntries={['/account/order']}>
      <AntdApp>
        <Routes>
          <Route path="/account/order" element={<RowActions def={orders} row={row} onDone={() => {}} />} />
          <Route path="/pay" element={<PayProbe />} />
        </Routes>
      </AntdApp>
    </MemoryRouter>,
  );
}

describe('order row actions', () => {
  afterEach(cleanup);
  it('offers 去支付 on a pending order and opens /pay with the order id the pay page reads', async () => {
    renderActions({ id: 42, status: 'pending' });
    expect(screen.getByRole('button', { name: '取消订单' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '去支付' }));
    expect((await screen.findByTestId('pay-page')).textContent).toBe('/pay?orderId=42');
  });

  it('offers no payment for paid or expired orders', () => {
    for (const status of ['paid', 'expired']) {
      renderActions({ id: 7, status });
      expect(screen.queryByRole('button', { name: '去支付' })).toBeNull();
      cleanup();
    }
  });
});
