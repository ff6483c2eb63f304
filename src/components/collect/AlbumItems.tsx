import { Link } from 'react-router-dom';
import { Button, Card, Empty, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { formatMoney } from '../licence/money';
import { CoverImage } from '../material/CoverImage';
import styles from '../material/material.module.css';
import statusWork from '../../schemas/status/work.json';
import { tableLabel } from '../../schemas/registry';
import type { CollectItem } from '../../schemas/api/collect-responses';

/**
 * An album's item as /api/collect answers it (the contract's type). `available` is false for items
 * taken down after collecting (only the owner's view lists them).
 */
export type AlbumItem = CollectItem;

/** Material cards of an album; with onRemove the owner can take items out. */
export function AlbumItems({ items, onRemove }: { items: AlbumItem[]; onRemove?: (id: number) => void }) {
  if (!items.length)
    return (
      <Empty description="收藏夹里还没有素材">
        <Link to="/search">去发现素材</Link>
      </Empty>
    );
  return (
    <List
      grid={{ gutter: 16, xs: 1, sm: 2, md: 3, lg: 4 }}
      dataSource={items}
      renderItem={(m) => {
        const gone = m.available === false;
        return (
          <List.Item>
            <Card
              size="small"
              cover={
                <div className={styles.cover}>
                  <CoverImage src={m.coverPath ? `/files/${m.coverPath}` : null} alt={m.title} />
                </div>
              }
              actions={
                onRemove
                  ? [
                      <Popconfirm key="rm" title="确定取消收藏？" onConfirm={() => onRemove(m.id)}>
                        <Button type="link" danger size="small">
                          取消收藏
                        </Button>
                      </Popconfirm>,
                    ]
                  : undefined
              }
            >
              <Card.Meta
                title={
                  gone ? (
                    <Space>
                      <Typography.Text type="secondary">{m.title}</Typography.Text>
                      <Tag>{tableLabel(statusWork, 2)}</Tag>
                    </Space>
                  ) : (
                    <Link to={`/video/detail/${m.id}`}>{m.title}</Link>
                  )
                }
                description={
                  gone ? (
                    <Typography.Text type="secondary">该素材已下架，无法购买</Typography.Text>
                  ) : (
                    <Typography.Text type="danger">{formatMoney(m.priceCents)} 起</Typography.Text>
                  )
                }
              />
            </Card>
          </List.Item>
        );
      }}
    />
  );
}
