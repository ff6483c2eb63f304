import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, DotLoading, ErrorBlock, List, Radio, Result, Toast } from 'antd-mobile';
import { get, postJson } from '../../dataProvider/axios';
import { useRemote } from '../../components/material/useRemote';
import { formatMoney } from '../../components/licence/money';
import { isWeChatUA } from '../../lib/mobile';
import type { OrderDetail } from '../../schemas/api/trade-responses';
import type { PayCreated, PayState } from '../../schemas/api/pay-responses';
import { payActionLabel, payMethodsFor, type MobilePayMethod } from '../pay-methods';
import { Remote } from '../parts/Remote';

/** Spec §9: poll every 2 seconds. */
const POLL_MS = 2000;

/**
 * /pay?orderId=: the provider's page (sandboxed) opens in a new window, H5-style, or WeChat's
 * in-app payment inside WeChat; this page polls the order until the notification marks it paid.
 */
export default function PayPage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  const navigate = useNavigate();
  const wechat = isWeChatUA(navigator.userAgent);
  const methods = payMethodsFor(wechat);
  const [method, setMethod] = useState<MobilePayMethod>('wechat');
  const [status, setStatus] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const order = useRemote(() => get<OrderDetail>(`/api/order/${orderId}`), [orderId]);
  const current = status ?? order.data?.status;

  useEffect(() => {
    if (current !== 'pending') return;
    const t = setInterval(() => {
      get<PayState>(`/api/trade/pay/state/${orderId}`).then(
        (s) => setStatus(s.status),
        () => undefined, // keep polling: a transient error should not end the payment
      );
    }, POLL_MS);
    return () => clearInterval(t);
  }, [current, orderId]);

  const pay = async () => {
    // Opened before the call so the browser does not block it as a pop-up.
    const win = window.open('', '_blank');
    setOpening(true);
    try {
      const r = await postJson<PayCreated>('/api/trade/pay/create', { orderId, provider: method });
      if (win) win.location.href = r.payUrl;
      else window.location.href = r.payUrl;
    } catch (e) {
      win?.close();
      Toast.show({ icon: 'fail', content: (e as Error).message });
    } finally {
      setOpening(false);
    }
  };

  if (!orderId) return <ErrorBlock status="empty" title="缺少订单编号" />;
  if (current === 'paid')
    return (
      <Result
        status="success"
        title="支付成功"
        description={
          <>
            {/* A copyright-service order grants a quota, not a licence (the order detail names its service order). */}
            {order.data?.serviceOrderId ? (
              <>
                <p>订单号 {order.data.orderNo}，服务额度已到账</p>
                <Button color="primary" block onClick={() => navigate('/copyright', { replace: true })}>
                  返回版权服务
                </Button>
              </>
            ) : (
              <>
                <p>订单号 {order.data?.orderNo}，授权已生效</p>
                <Button color="primary" block onClick={() => navigate('/licences', { replace: true })}>
                  查看授权与下载
                </Button>
              </>
            )}
            <Button block style={{ marginTop: 8 }} onClick={() => navigate('/orders', { replace: true })}>
              查看订单
            </Button>
          </>
        }
      />
    );
  if (current && current !== 'pending')
    return (
      <Result
        status="warning"
        title={current === 'expired' ? '订单已超时关闭' : '订单已关闭'}
        description={<Button onClick={() => navigate('/cart')}>返回购物车</Button>}
      />
    );
  return (
    <div className="m-page" data-testid="m-pay">
      <Remote state={order}>
        {(o) => (
          <>
            <List>
              <List.Item extra={o.orderNo}>订单号</List.Item>
              <List.Item description={o.items.map((i) => `${i.title}（${i.scenarioName}）`).join('、')}>商品</List.Item>
              <List.Item extra={<span className="m-price">{formatMoney(o.amountCents)}</span>}>应付金额</List.Item>
            </List>
            <List header="支付方式">
              <Radio.Group value={method} onChange={(v) => setMethod(v as MobilePayMethod)}>
                {methods.map((m) => (
                  <List.Item key={m.value}>
                    <Radio value={m.value}>{m.label}</Radio>
                  </List.Item>
                ))}
              </Radio.Group>
            </List>
            <Button
              block
              color="primary"
              size="large"
              loading={opening}
              onClick={() => void pay()}
              style={{ marginTop: 16 }}
            >
              {payActionLabel(method, wechat)}（沙箱）
            </Button>
            <p style={{ color: '#595959', textAlign: 'center' }} role="status">
              支付完成后本页自动更新
              <DotLoading />
            </p>
          </>
        )}
      </Remote>
    </div>
  );
}
