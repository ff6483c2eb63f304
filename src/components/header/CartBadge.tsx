import { useCallback, useEffect, useState } from 'react';
import { Badge, Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useUser } from '../user/UserContext';
import { get } from '../../dataProvider/axios';
import { CART_CHANGED } from '../licence/money';
import type { CartCount } from '../../schemas/api/trade-responses';

/** Header cart entry: fetches its own count for logged-in users and refreshes on 'cart:changed'. */
export default function CartBadge({ count: fixed }: { count?: number }) {
  const { user } = useUser();
  const [count, setCount] = useState(0);
  const refresh = useCallback(async () => {
    if (!user) return setCount(0);
    try {
      setCount((await get<CartCount>('/api/trade/cart/count')).count);
    } catch {
      /* the badge stays as it was; the cart page shows errors */
    }
  }, [user]);
  useEffect(() => {
    void refresh();
    window.addEventListener(CART_CHANGED, refresh);
    return () => window.removeEventListener(CART_CHANGED, refresh);
  }, [refresh]);
  return (
    <Link to="/cart">
      <Badge count={fixed ?? count} size="small" data-testid="cart-badge">
        <Button type="text" icon={<ShoppingCartOutlined />}>
          购物车
        </Button>
      </Badge>
    </Link>
  );
}
