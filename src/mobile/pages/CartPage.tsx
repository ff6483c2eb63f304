import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Checkbox, ErrorBlock, Image, List, Tag, Toast } from 'antd-mobile';
import { get, request } from '../../dataProvider/axios';
import { useRemote } from '../../components/material/useRemote';
import { formatMoney } from '../../components/licence/money';
import type { CartLine, CartList } from '../../schemas/api/trade-responses';
import { Remote } from '../parts/Remote';
import { tableLabel } from '../../schemas/registry';
import statusWork from '../../schemas/status/work.json';

/** A line that can go to checkout: still on sale and not a licence the buyer already holds. */
const buyable = (l: CartLine) => l.available && !l.held;

/** /cart: the lines with their licence and price; pick, remove (swipe), check out. */
export default function CartPage() {
  const navigate = useNavigate();
  const cart = useRemote(() => get<CartList>('/api/trade/cart/list'), []);
  const [unchecked, setUnchecked] = useState<number[]>([]);
  const remove = async (id: number) => {
    try {
      await request('DELETE', `/api/trade/cart/${id}`);
      cart.reload();
    } catch (e) {
      Toast.show({ icon: 'fail', content: (e as Error).message });
    }
  };
  return (
    <div className="m-page" data-testid="m-cart">
      <h1 className="m-title">购物车</h1>
      <Remote state={cart}>
        {(c) => {
          if (!c.list.length)
            return (
              <ErrorBlock status="empty" title="购物车是空的" description="去挑选喜欢的素材吧">
                <Button color="primary" onClick={() => navigate('/')}>
                  去逛逛
                </Button>
              </ErrorBlock>
            );
          const chosen = c.list.filter((l) => buyable(l) && !unchecked.includes(l.id));
          const total = chosen.reduce((s, l) => s + (l.priceCents ?? 0), 0);
          return (
            <>
              <List>
                {c.list.map((l) => (
                  <List.Item
                    key={l.id}
                    data-testid="m-cart-line"
                    prefix={
                      <Checkbox
                        aria-label={`选择 ${l.title}`}
                        disabled={!buyable(l)}
                        checked={buyable(l) && !unchecked.includes(l.id)}
                        onChange={(on) => setUnchecked((u) => (on ? u.filter((x) => x !== l.id) : [...u, l.id]))}
                      />
                    }
                    extra={
                      <div style={{ textAlign: 'right' }}>
                        <div className="m-price">{formatMoney(l.priceCents)}</div>
                        <Button
                          size="mini"
                          fill="none"
                          aria-label={`删除 ${l.title}`}
                          onClick={() => void remove(l.id)}
                          style={{ minHeight: 32, color: '#595959' }}
                        >
                          删除
                        </Button>
                      </div>
                    }
                    description={
                      <>
                        {l.scenarioName}
                        {!l.available && <Tag color="danger">{tableLabel(statusWork, 2)}</Tag>}
                        {l.held && <Tag color="warning">已持有授权</Tag>}
                      </>
                    }
                  >
                    <div style={{ display: 'flex', gap: 8, alignItems: 'center', minWidth: 0 }}>
                      <Image
                        src={l.coverPath ? `/files/${l.coverPath}` : ''}
                        alt=""
                        width={64}
                        height={40}
                        fit="cover"
                      />
                      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {l.title}
                      </span>
                    </div>
                  </List.Item>
                ))}
              </List>
              <div className="m-actions" style={{ bottom: 'calc(50px + env(safe-area-inset-bottom))' }}>
                <div style={{ alignSelf: 'center' }}>
                  合计{' '}
                  <span className="m-price" data-testid="m-cart-total">
                    {formatMoney(total)}
                  </span>
                </div>
                <Button
                  color="primary"
                  disabled={!chosen.length}
                  onClick={() => navigate(`/checkout?ids=${chosen.map((l) => l.id).join(',')}`)}
                >
                  去结算（{chosen.length}）
                </Button>
              </div>
            </>
          );
        }}
      </Remote>
    </div>
  );
}
