import { LoadingOutlined } from '@ant-design/icons';
import { ERROR_IMAGE } from './format';
import styles from './material.module.css';

/** Stands where media will be once the background job that makes it has run (no URL yet). */
export function MediaPending({ label = '处理中' }: { label?: string }) {
  return (
    <div className={styles.pending} role="img" aria-label={label} data-testid="media-pending">
      <LoadingOutlined /> {label}
    </div>
  );
}

/**
 * A lazy cover image filling its box; no URL yet shows 处理中, a load error the error image.
 * A plain <img>: antd's Image (with its preview machinery) cost every public page 10 kB gzip.
 * `eager` for covers on the first screen: in server-rendered HTML the browser then fetches them
 * while it parses, instead of after the first layout (lazy images wait for it).
 */
export function CoverImage({ src, alt, eager = false }: { src: string | null | undefined; alt: string; eager?: boolean }) {
  if (!src) return <MediaPending />;
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={styles.img}
      onError={(e) => {
        // Once: the error image itself failing must not loop.
        const img = e.currentTarget;
        if (img.dataset.failed) return;
        img.dataset.failed = '1';
        img.src = ERROR_IMAGE;
      }}
    />
  );
}
