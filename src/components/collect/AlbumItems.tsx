import { Link } from 'react-router-dom';
import { Button, Card, Empty, List, Popconfirm, Typography } from 'antd';
import { formatMoney } from '../licence/money';

export interface AlbumItem { id: number; type: number; title: string; coverPath: string | null; priceCents: number }

/** Material cards of an album; with onRemove the owner can take items out. */
export function AlbumItems({ items, onRemove }: { items: AlbumItem[]; onRemove?: (id: number) => void }) {
  if (!items.length) return <Empty description="收藏夹里还没有素材"><Link to="/search">去发现素材</Link></Empty>;
  return (
    <List
      grid={{ gutter: 16, xs: 1, sm: 2, md: 3, lg: 4 }}
      dataSource={items}
      renderItem={(m) => (
        <List.Item>
          <Card
            size="small"
            cover={m.coverPath ? <img alt={m.title} src={`/files/${m.coverPath}`} loading="lazy" style={{ height: 140, objectFit: 'cover' }} /> : undefined}
            actions={onRemove ? [<Popconfirm key="rm" title="确定取消收藏？" onConfirm={() => onRemove(m.id)}><Button type="link" danger size="small">取消收藏</Button></Popconfirm>] : undefined}
          >
            <Card.Meta title={<Link to={`/video/detail/${m.id}`}>{m.title}</Link>} description={<Typography.Text type="danger">{formatMoney(m.priceCents)} 起</Typography.Text>} />
          </Card>
        </List.Item>
      )}
    />
  );
}
