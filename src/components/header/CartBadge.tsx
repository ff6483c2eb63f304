import { Badge, Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';

/** Header cart entry with the item count. (Owned by the trade work, which feeds the count.) */
export default function CartBadge({ count = 0 }: { count?: number }) {
  return (
    <Link to="/cart">
      <Badge count={count} size="small">
        <Button type="text" icon={<ShoppingCartOutlined />}>
          购物车
        </Button>
      </Badge>
    </Link>
  );
}
