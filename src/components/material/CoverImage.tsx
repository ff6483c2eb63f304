import { useEffect, useRef } from 'react';
import { LoadingOutlined } from '@ant-design/icons';
import { ERROR_IMAGE } from './format';
import styles from './material.module.css';
import statusJob from '../../schemas/status/job.json';
import { tableLabel } from '../../schemas/registry';

/** Stands where media will be once the background job that makes it has run (no URL yet). */
// A media job's running state, in the job table's words.
export function MediaPending({ label = tableLabel(statusJob, 'running') }: { label?: string }) {
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
export function CoverImage({
  src,
  alt,
  eager = false,
}: {
  src: string | null | undefined;
  alt: string;
  eager?: boolean;
}) {
  if (!src) return <MediaPending />;
  return <CoverImg src={src} alt={alt} eager={eager} />;
}

/** Once: the error image itself failing must not loop. */
function showErrorImage(img: HTMLImageElement) {
  if (img.dataset.failed) return;
  img.dataset.failed = '1';
  img.src = ERROR_IMAGE;
}

function CoverImg({ src, alt, eager }: { src: string; alt: string; eager: boolean }) {
  const ref = useRef<HTMLImageElement>(null);
  // In server-rendered HTML the image may have failed before React attached onError (React 18
  // does not replay it): a finished image with no pixels failed.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) showErrorImage(img);
  }, []);
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={styles.img}
      onError={(e) => showErrorImage(e.currentTarget)}
    />
  );
}
