import { Link } from 'react-router-dom';
import { Button, ErrorBlock, Image, List, Tag } from 'antd-mobile';
import { formatMoney } from '../../components/licence/money';
import { TYPE_LABELS } from '../../components/material/format';
import statusWork from '../../schemas/status/work.json';
import { tableLabel } from '../../schemas/registry';
import type { CollectItem } from '../../schemas/api/collect-responses';

/** An album's materials; with onRemove the owner can take one out. Taken-down items are marked. */
export function CollectItems({ items, onRemove }: { items: CollectItem[]; onRemove?: (id: number) => void }) {
  if (!items.length)
    return (
      <ErrorBlock status="empty" title="收藏夹里还没有素材" description="在素材详情页点击“收藏”即可收藏">
        <Link to="/search" className="m-link">
          去发现素材
        </Link>
      </ErrorBlock>
    );
  return (
    <List>
      {items.map((m) => (
        <List.Item
          key={m.id}
          data-testid="m-collect-item"
          prefix={
            <Image
              src={m.coverPath ? `/files/${m.coverPath}` : ''}
              alt=""
              lazy
              fit="cover"
              width={96}
              height={60}
              style={{ borderRadius: 4, background: '#f0f0f0' }}
            />
          }
          description={
            <>
              {TYPE_LABELS[Number(m.type)]} · <span className="m-price">{formatMoney(m.priceCents)}</span>
              {!m.available && <Tag color="danger">{tableLabel(statusWork, 2)}</Tag>}
            </>
          }
          extra={
            onRemove && (
              <Button size="small" fill="none" aria-label={`取消收藏 ${m.title}`} onClick={() => onRemove(m.id)}>
                取消收藏
              </Button>
            )
          }
        >
          {m.available ? (
            <Link to={`/video/detail/${m.id}`} className="m-list-link">
              {m.title}
            </Link>
          ) : (
            m.title
          )}
        </List.Item>
      ))}
    </List>
  );
}
