import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PictureOutline } from 'antd-mobile-icons';
import type { MaterialCardData } from '../../components/material/api';
import { formatDuration, TYPE_LABELS } from '../../components/material/format';
import { formatMoney } from '../../components/licence/money';
import { EAGER_TILES } from '../early-requests';
import { coverAt } from '../../schemas/api/cover-size';

/** One material in a two-column feed: cover, title, type or duration, price. */
/**
 * A plain img, not antd-mobile's Image: that one keeps the picture hidden until its script has run
 * (lazy or not), so a server-rendered page could not paint its covers before the JS came. The
 * browser's own lazy loading serves the tiles below the first screen. A cover that fails (before
 * hydration too: the server-rendered img asks for it while the HTML is parsed) shows an icon.
 */
function Cover({ src, title, eager }: { src: string | null | undefined; title: string; eager: boolean }) {
  const img = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(!src);
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0 && img.current.currentSrc) setFailed(true);
  }, []);
  if (failed)
    return (
      <div className="m-card-cover m-card-cover-missing" role="img" aria-label={`${title}（封面暂不可用）`}>
        <PictureOutline fontSize={28} />
      </div>
    );
  return (
    <img
      ref={img}
      className="m-card-cover"
      // The tile's own size (16:10 WebP, about a third of the bytes): a phone's first screen of tiles arrives sooner.
      src={coverAt(src, 360) ?? undefined}
      alt={title}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      // The first tiles are the mobile home's largest paint.
      {...(eager ? { fetchpriority: 'high' } : {})}
    />
  );
}

export function MaterialTile({ m, eager = false }: { m: MaterialCardData; eager?: boolean }) {
  return (
    <Link className="m-card" to={`/video/detail/${m.id}`} data-testid="m-material">
      <Cover src={m.coverUrl} title={m.title} eager={eager} />
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
