import { Link } from 'react-router-dom';
import type { MaterialCardData } from '../../components/material/api';
import { formatDuration, TYPE_LABELS } from '../../components/material/format';
import { formatMoney } from '../../components/licence/money';
import { EAGER_TILES } from '../early-requests';

/** One material in a two-column feed: cover, title, type or duration, price. */
export function MaterialTile({ m, eager = false }: { m: MaterialCardData; eager?: boolean }) {
  return (
    <Link className="m-card" to={`/video/detail/${m.id}`} data-testid="m-material">
      {/* A plain img, not antd-mobile's Image: that one keeps the picture hidden until its script has
          run (lazy or not), so a server-rendered page could not paint its covers before the JS came.
          The browser's own lazy loading serves the tiles below the first screen. */}
      <img
        className="m-card-cover"
        src={m.coverUrl ?? undefined}
        alt={m.title}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        // The first tiles are the mobile home's largest paint.
        {...(eager ? { fetchpriority: 'high' } : {})}
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
      {items.map((m, i) => (
        <MaterialTile key={m.id} m={m} eager={i < EAGER_TILES} />
      ))}
    </div>
  );
}
