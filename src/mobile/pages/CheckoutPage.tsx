import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, List, Radio, Toast } from 'antd-mobile';
import { postJson } from '../../dataProvider/axios';
import { useRemote } from '../../components/material/useRemote';
import { formatMoney } from '../../components/licence/money';
import type { CreatedOrder, Quote } from '../../schemas/api/trade-responses';
import enumsOwnerType from '../../schemas/enums/owner-type.json';
import { tableLabel } from '../../schemas/registry';
import { Remote } from '../parts/Remote';

/**
 * /checkout?ids= (cart lines) or ?materialId=&scenario= (buy now): the server's quote with an
 * optional coupon, then the order. Same calls and rules as the desktop /buy page.
 */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [couponId, setCouponId] = useState<number | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const input = useMemo(() => {
    if (params.get('materialId'))
      return {
        from: 'direct',
        items: [{ materialId: Number(params.get('materialId')), scenario: params.get('scenario') ?? '' }],
      };
    const ids = (params.get('ids') ?? '').split(',').map(Number).filter(Boolean);
    return { from: 'cart', ...(ids.length ? { cartIds: ids } : {}) };
  }, [params]);
  const quote = useRemote(() => postJson<Quote>('/api/trade/quote', { ...input, couponId }), [input, couponId]);
  const submit = async () => {
    setSubmitting(true);
    try {
      const o = await postJson<CreatedOrder>('/api/trade/order', { ...input, couponId });
      navigate(`/pay?orderId=${o.id}`, { replace: true });
    } catch (e) {
      Toast.show({ icon: 'fail', content: (e as Error).message });
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <div className="m-page" style={{ paddingBottom: 96 }} data-testid="m-checkout">
      <Remote state={quote}>
        {(q) => (
          <>
            <List header="商品">
              {q.lines.map((l) => (
                <List.Item
                  key={`${l.materialId}-${l.scenario}`}
                  description={l.scenarioName}
                  extra={<span className="m-price">{formatMoney(l.priceCents)}</span>}
                >
                  {l.title}
                </List.Item>
              ))}
            </List>
            <List header="被授权方">
              <List.Item extra={q.licensee.name}>{tableLabel(enumsOwnerType, q.licensee.type)}</List.Item>
            </List>
            <List header="优惠券">
              <Radio.Group value={couponId ?? 0} onChange={(v) => setCouponId(Number(v) || undefined)}>
                <List.Item>
                  <Radio value={0}>不使用优惠券</Radio>
                </List.Item>
                {q.coupons.map((c) => (
                  <List.Item key={c.id} description={c.refusal ?? undefined}>
                    <Radio value={c.id} disabled={!!c.refusal}>
                      {c.name}（减 {formatMoney(c.amountCents)}）
                    </Radio>
                  </List.Item>
                ))}
              </Radio.Group>
            </List>
            <List>
              <List.Item extra={formatMoney(q.subtotalCents)}>小计</List.Item>
              <List.Item extra={`-${formatMoney(q.discountCents)}`}>优惠</List.Item>
            </List>
            <div className="m-actions">
              <div style={{ alignSelf: 'center' }}>
                应付{' '}
                <span className="m-price" data-testid="m-checkout-amount">
                  {formatMoney(q.amountCents)}
                </span>
              </div>
              <Button color="primary" loading={submitting} onClick={() => void submit()}>
                提交订单
              </Button>
            </div>
          </>
        )}
      </Remote>
    </div>
  );
}
