import { useNavigate } from 'react-router-dom';
import { Button, ErrorBlock, List, Tag } from 'antd-mobile';
import { get } from '../../dataProvider/axios';
import { useRemote } from '../../components/material/useRemote';
import { formatMoney } from '../../components/licence/money';
import statusOrder from '../../schemas/status/order.json';
import { tableLabel } from '../../schemas/registry';
import type { OrderList } from '../../schemas/api/trade-responses';
import { Remote } from '../parts/Remote';

/** /orders: my orders, newest first, with the shared status labels; a pending one can be paid. */
export default function OrdersPage() {
  const navigate = useNavigate();
  const list = useRemote(() => get<OrderList>('/api/order/list', { page: 1, pageSize: 30 }), []);
  return (
    <div className="m-page" data-testid="m-orders">
      <Remote state={list}>
        {(r) =>
          r.list.length ? (
            <List>
              {r.list.map((o) => (
                <List.Item
                  key={o.id}
                  data-testid="m-order"
                  description={new Date(o.createdAt).toLocaleString('zh-CN')}
                  extra={<span className="m-price">{formatMoney(o.amountCents)}</span>}
                  onClick={o.status === 'pending' ? () => navigate(`/pay?orderId=${o.id}`) : undefined}
                >
                  {o.orderNo}{' '}
                  <Tag color={o.status === 'paid' ? 'success' : 'default'}>{tableLabel(statusOrder, o.status)}</Tag>
                </List.Item>
              ))}
            </List>
          ) : (
            <ErrorBlock status="empty" title="还没有订单">
              <Button color="primary" onClick={() => navigate('/')}>
                去挑选素材
              </Button>
            </ErrorBlock>
          )
        }
      </Remote>
    </div>
  );
}
