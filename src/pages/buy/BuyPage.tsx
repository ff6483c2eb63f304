import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { postJson } from '../../dataProvider/axios';
import { useUser } from '../../components/user/UserContext';
import { formatMoney, notifyCartChanged } from '../../components/licence/money';
import enumsOwnerType from '../../schemas/enums/owner-type.json';
import { tableLabel } from '../../schemas/registry';
import type { CreatedOrder, Quote } from '../../schemas/api/trade-responses';

/** The page's h1, in the card's title (WCAG 1.3.1, 2.4.6), at the card title's size. */
const CHECKOUT_HEADING = (
  <Typography.Title level={1} style={{ margin: 0, fontSize: 16 }}>
    确认订单
  </Typography.Title>
);

/** /buy/{cart|direct}: order confirmation with licensee, coupon and the server's price. */
export default function BuyPage() {
  const { from = 'cart' } = useParams();
  const [params] = useSearchParams();
  const { user } = useUser();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [couponId, setCouponId] = useState<number | undefined>();
  const [licenseeType, setLicenseeType] = useState<'PERSONAL' | 'ORGANISATIONS' | undefined>();
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const input = useMemo(() => {
    if (from === 'direct')
      return {
        from: 'direct',
        items: [{ materialId: Number(params.get('materialId')), scenario: params.get('scenario') ?? '' }],
      };
    const ids = (params.get('ids') ?? '').split(',').map(Number).filter(Boolean);
    return { from: 'cart', ...(ids.length ? { cartIds: ids } : {}) };
  }, [from, params]);

  const load = useCallback(async () => {
    setError(null);
    try {
      setQuote(await postJson<Quote>('/api/trade/quote', { ...input, couponId, licenseeType }));
    } catch (e) {
      setError((e as Error).message);
      setQuote(null);
    }
  }, [input, couponId, licenseeType]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async () => {
    setSubmitting(true);
    try {
      const o = await postJson<CreatedOrder>('/api/trade/order', { ...input, couponId, licenseeType });
      if (from === 'cart') notifyCartChanged();
      navigate(`/pay?orderId=${o.id}`);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  if (from !== 'cart' && from !== 'direct')
    return <Result status="404" title="下单来源不正确" extra={<Link to="/cart">返回购物车</Link>} />;
  if (error && !quote) {
    return (
      <Result
        status="warning"
        title="无法确认订单"
        subTitle={error}
        extra={[
          <Button
            key="r"
            onClick={() => {
              setCouponId(undefined);
              setLicenseeType(undefined);
              void load();
            }}
          >
            重试
          </Button>,
          <Link key="c" to="/cart">
            返回购物车
          </Link>,
        ]}
      />
    );
  }
  if (!quote)
    return (
      <Card title={CHECKOUT_HEADING}>
        <Skeleton active />
      </Card>
    );
  const isCompany = user?.ownerType === 'ORGANISATIONS';
  const needsCompany = quote.lines.some((l) => l.level !== 'personal');
  const held = quote.lines.filter((l) => l.held);
  return (
    <Card title={CHECKOUT_HEADING}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {held.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="buy-held-warning"
          style={{ marginBottom: 16 }}
          message={`您已持有${held.map((l) => `「${l.title}」的「${l.scenarioName}」`).join('、')}授权，无需重复购买`}
          description={
            <>
              同一素材的同一授权场景只需购买一次；如需用于其他用途，请更换授权场景。
              <Link to="/cart">返回购物车修改</Link>
            </>
          }
        />
      )}
      <Table
        rowKey={(l) => `${l.materialId}-${l.scenarioName}`}
        dataSource={quote.lines}
        pagination={false}
        columns={[
          {
            title: '素材',
            dataIndex: 'title',
            render: (t, l) => (
              <Space>
                {t}
                {l.held && <Tag color="warning">已持有该授权</Tag>}
              </Space>
            ),
          },
          { title: '授权场景', dataIndex: 'scenarioName' },
          { title: '价格', dataIndex: 'priceCents', align: 'right', render: (p) => formatMoney(p) },
        ]}
      />
      <Descriptions column={1} style={{ marginTop: 24 }} bordered size="small">
        <Descriptions.Item label="被授权方">
          <Radio.Group value={licenseeType ?? quote.licensee.type} onChange={(e) => setLicenseeType(e.target.value)}>
            <Radio value="PERSONAL" disabled={needsCompany}>
              {tableLabel(enumsOwnerType, 'PERSONAL')}
            </Radio>
            <Radio value="ORGANISATIONS" disabled={!isCompany}>
              {tableLabel(enumsOwnerType, 'ORGANISATIONS')}
            </Radio>
          </Radio.Group>
          <Typography.Text>{quote.licensee.name}</Typography.Text>
          {!isCompany && (
            <div>
              <Typography.Text type="secondary">
                个人账号以个人名义获得授权；企业授权场景需使用企业账号购买。
              </Typography.Text>
            </div>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="优惠券">
          <Select
            allowClear
            placeholder={quote.coupons.length ? '选择优惠券' : '暂无可用优惠券'}
            style={{ width: 320 }}
            value={couponId}
            onChange={(v) => setCouponId(v)}
            data-testid="coupon-select"
            // The Descriptions label beside it is not a <label>: the combobox needs its own name.
            aria-label="优惠券"
            options={quote.coupons.map((c) => ({
              value: c.id,
              disabled: !!c.refusal,
              label: `${c.name}（减${formatMoney(c.amountCents)}${c.thresholdCents ? `，满${formatMoney(c.thresholdCents)}可用` : ''}）${c.refusal ? ` · ${c.refusal}` : ''}`,
            }))}
          />
        </Descriptions.Item>
        <Descriptions.Item label="商品金额">{formatMoney(quote.subtotalCents)}</Descriptions.Item>
        <Descriptions.Item label="优惠">-{formatMoney(quote.discountCents)}</Descriptions.Item>
        <Descriptions.Item label="应付金额">
          <Typography.Text strong type="danger" style={{ fontSize: 20 }} data-testid="buy-amount">
            {formatMoney(quote.amountCents)}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Space style={{ marginTop: 16, width: '100%', justifyContent: 'flex-end' }}>
        <Typography.Text type="secondary">价格以服务器计算为准，订单 30 分钟内未支付将自动关闭</Typography.Text>
        <Button type="primary" size="large" loading={submitting} disabled={held.length > 0} onClick={submit}>
          提交订单
        </Button>
      </Space>
    </Card>
  );
}
