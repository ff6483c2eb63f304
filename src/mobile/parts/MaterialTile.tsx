import { Link } from 'react-router-dom';
import { Image } from 'antd-mobile';
import type { MaterialCardData } from '../../components/material/api';
import { formatDuration, TYPE_LABELS } from '../../components/material/format';
import { formatMoney } from '../../components/licence/money';

/** One material in a two-column feed: cover, title, type or duration, price. */
export function MaterialTile({ m }: { m: MaterialCardData }) {
  return (
    <Link className="m-card" to={`/video/detail/${m.id}`} data-testid="m-material">
      <Image
        src={m.coverUrl ?? ''}
        alt={m.title}
        lazy
        fit="cover"
        style={{ width: '100%', aspectRatio: '16 / 10', background: '#f0f0f0' }}
      />
      <div className="m-card-title">{m.title}</div>
      <div className="m-card-meta">
        <span>{m.durationSec ? formatDuration(m.durationSec) : TYPE_LABELS[m.type]}</span>
        <span className="m-price">{formatMoney(m.priceCents)}</span>
      </div>
    </Link>
  );
}

export function MaterialFeed({ items }: { items: MaterialCardData[] }) {
  return (
    <div className="m-grid">
      {items.map((m) => (
        <MaterialTile key={m.id} m={m} />
      ))}
    </div>
  );
}
