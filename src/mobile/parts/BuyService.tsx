import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, List, Popup, Stepper, Toast } from 'antd-mobile';
import { postJson } from '../../dataProvider/axios';
import { formatMoney } from '../../components/licence/money';
import { getToken } from '../../lib/token';
import type { ServiceQuote } from '../../schemas/api/service-order-responses';
import serviceOrderForm from '../../schemas/forms/service-order.json';
import { loginPath } from '../login-path';

type Pkg = { sku: string; title: string };

// The count's bounds come from the order form the server validates (lumen:forms/service-order).
const COUNT = serviceOrderForm.properties.count;

/**
 * Buys a copyright-service package as the desktop's BuyServiceButton does: the server's quote,
 * POST /api/service-orders, then the order is paid on the cashier page (/pay?orderId=).
 */
export function BuyService({ pkg, label = '购买' }: { pkg: Pkg; label?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(1);
  const [quote, setQuote] = useState<ServiceQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setQuote(null);
    setError(null);
    postJson<ServiceQuote>('/api/service-orders/quote', { sku: pkg.sku, count }).then(
      (q) => live && setQuote(q),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [open, pkg.sku, count]);
  const start = () => {
    if (!getToken()) return navigate(loginPath(location.pathname + location.search));
    setOpen(true);
  };
  const submit = async () => {
    setBusy(true);
    try {
      const o = await postJson<{ id: number }>('/api/service-orders', { sku: pkg.sku, count });
      setOpen(false);
      navigate(`/pay?orderId=${o.id}`);
    } catch (e) {
      Toast.show({ icon: 'fail', content: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="primary" size="small" onClick={start} aria-label={`${label}${pkg.title}`}>
        {label}
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
        <div style={{ padding: 16 }} data-testid="m-buy-service">
          <h2 style={{ fontSize: 17, margin: '0 0 8px' }}>购买版权服务</h2>
          <List>
            <List.Item extra={pkg.title}>服务套餐</List.Item>
            <List.Item
              extra={
                <Stepper
                  min={COUNT.minimum}
                  max={COUNT.maximum}
                  digits={0}
                  value={count}
                  onChange={(v) => setCount(v || 1)}
                  aria-label={COUNT.title}
                  // antd-mobile's default is 28 px high with a 20 px input: under the 24 px tap target.
                  className="m-stepper"
                  style={{ '--height': '32px', '--input-width': '48px' }}
                />
              }
            >
              {COUNT.title}
            </List.Item>
            <List.Item extra={quote ? `${quote.quantity} ${quote.service.unit}` : '—'}>服务额度</List.Item>
            <List.Item
              extra={
                <span className="m-price" data-testid="m-service-quote">
                  {quote ? formatMoney(quote.amountCents) : '—'}
                </span>
              }
            >
              应付金额
            </List.Item>
          </List>
          {error && (
            <p role="alert" style={{ color: '#cf1322' }}>
              {error}
            </p>
          )}
          <Button block color="primary" size="large" loading={busy} disabled={!quote} onClick={() => void submit()}>
            去支付
          </Button>
        </div>
      </Popup>
    </>
  );
}
