import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, App, Button, Card, Descriptions, Image, Radio, Result, Skeleton, Space, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import dayjs from 'dayjs';
import { get, postJson } from '../../dataProvider/axios';
import { formatMoney } from '../../components/licence/money';
import { CompanyPay } from './CompanyPay';
import type { OrderDetail } from '../../schemas/api/trade-responses';
import type { PayCreated, PayState, WalletInfo } from '../../schemas/api/pay-responses';

type Order = OrderDetail;
type Method = 'wechat' | 'alipay' | 'wallet';

/** Spec §9: poll every 2 seconds. */
const POLL_MS = 2000;

/** /pay?orderId=: sandbox QR (WeChat Pay / Alipay) or wallet balance; polls the order until paid. */
export default function PayPage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  const { message } = App.useApp();
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [method, setMethod] = useState<Method>('wechat');
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  const [balance, setBalance] = useState<number | null>(null);
  const [status, setStatus] = useState<string>('pending');
  const [lastNotify, setLastNotify] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    if (!orderId) return setError('缺少订单编号');
    get<Order>(`/api/order/${orderId}`).then(
      (o) => {
        setOrder(o);
        setStatus(o.status);
      },
      (e) => setError(e.message),
    );
    get<WalletInfo>('/api/wallet/info').then(
      (w) => setBalance(w.balanceCents),
      () => setBalance(null),
    );
  }, [orderId]);

  const makeQr = useCallback(
    async (m: Method) => {
      if (m === 'wallet') return setQr(null);
      setQr(null);
      try {
        const r = await postJson<PayCreated>('/api/trade/pay/create', { orderId, provider: m });
        setQr({ url: r.payUrl, image: await QRCode.toDataURL(r.payUrl, { width: 200, margin: 1 }) });
      } catch (e) {
        message.error((e as Error).message);
      }
    },
    [orderId, message],
  );
  useEffect(() => {
    if (order?.status === 'pending') void makeQr(method);
  }, [order, method, makeQr]);

  useEffect(() => {
    if (!order || status !== 'pending') return;
    const t = setInterval(async () => {
      try {
        const s = await get<PayState>(`/api/trade/pay/state/${orderId}`);
        setStatus(s.status);
        setLastNotify(s.lastNotify);
      } catch {
        /* keep polling; a transient error should not end the payment */
      }
    }, POLL_MS);
    return () => clearInterval(t);
  }, [order, status, orderId]);

  const payWallet = async () => {
    setPaying(true);
    try {
      await postJson('/api/trade/pay/wallet', { orderId });
      setStatus('paid');
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setPaying(false);
    }
  };

  if (error)
    return (
      <Result status="error" title="无法加载订单" subTitle={error} extra={<Link to="/account/order">我的订单</Link>} />
    );
  if (!order)
    return (
      <Card title="支付订单">
        <Skeleton active />
      </Card>
    );
  if (status === 'paid' && order.kind === 'service') {
    return (
      <Result
        status="success"
        title="支付成功"
        subTitle={`订单号 ${order.orderNo}，服务已开通`}
        extra={
          <Link to="/cyprotect/myorderinfo">
            <Button type="primary">查看版权订单</Button>
          </Link>
        }
      />
    );
  }
  if (status === 'paid' && order.kind === 'gift_card') {
    // The codes are made at payment; the buyer passes them on from the gift page's list.
    return (
      <Result
        status="success"
        title="支付成功"
        subTitle={`订单号 ${order.orderNo}，礼品卡卡密已生成`}
        extra={
          <Link to="/gift?tab=mine">
            <Button type="primary">查看礼品卡卡密</Button>
          </Link>
        }
      />
    );
  }
  if (status === 'paid') {
    return (
      <Result
        status="success"
        title="支付成功"
        subTitle={`订单号 ${order.orderNo}，授权已生效`}
        extra={[
          <Link key="o" to="/account/order">
            <Button type="primary">查看订单</Button>
          </Link>,
          <Link key="a" to="/account/authrecord">
            <Button>授权记录与证书</Button>
          </Link>,
        ]}
      />
    );
  }
  if (status !== 'pending')
    return (
      <Result
        status="warning"
        title={status === 'expired' ? '订单已超时关闭' : '订单已关闭'}
        subTitle="优惠券已退回，请重新下单"
        extra={<Link to="/cart">返回购物车</Link>}
      />
    );
  return (
    <Card title="支付订单">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="订单号">{order.orderNo}</Descriptions.Item>
        <Descriptions.Item label="商品">
          {order.items.map((i) => `${i.title}（${i.scenarioName}）`).join('、')}
        </Descriptions.Item>
        <Descriptions.Item label="应付金额">
          <Typography.Text strong type="danger" style={{ fontSize: 20 }}>
            {formatMoney(order.amountCents)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="支付截止">{dayjs(order.expiresAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
      </Descriptions>
      <CompanyPay orderId={orderId} onPaid={() => setStatus('paid')} />
      <Radio.Group
        value={method}
        onChange={(e) => setMethod(e.target.value)}
        style={{ margin: '24px 0' }}
        optionType="button"
        buttonStyle="solid"
        options={[
          { value: 'wechat', label: '微信支付' },
          { value: 'alipay', label: '支付宝' },
          { value: 'wallet', label: '钱包余额' },
        ]}
      />
      {lastNotify === 'FAIL' && (
        <Alert type="error" showIcon message="支付失败，请重新扫码支付" style={{ marginBottom: 16 }} />
      )}
      {method === 'wallet' ? (
        <Space direction="vertical">
          <Typography.Text>可用余额：{balance === null ? '—' : formatMoney(balance)}</Typography.Text>
          <Button
            type="primary"
            loading={paying}
            disabled={balance !== null && balance < order.amountCents}
            onClick={payWallet}
          >
            使用余额支付
          </Button>
          {balance !== null && balance < order.amountCents && (
            <Typography.Text type="secondary">余额不足，请选择其他支付方式</Typography.Text>
          )}
        </Space>
      ) : qr ? (
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <Image src={qr.image} width={200} preview={false} alt="支付二维码" />
          <Typography.Text>请使用{method === 'wechat' ? '微信' : '支付宝'}扫码支付（沙箱环境）</Typography.Text>
          <a href={qr.url} target="_blank" rel="noreferrer" data-testid="sandbox-link">
            在浏览器中打开沙箱支付页
          </a>
          <Space>
            <Spin size="small" />
            <Typography.Text type="secondary">等待支付结果…</Typography.Text>
          </Space>
        </Space>
      ) : (
        <Skeleton.Image active />
      )}
    </Card>
  );
}
