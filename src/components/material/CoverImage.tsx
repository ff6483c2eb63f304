import { Image } from 'antd';
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

/** A lazy cover image filling its box; no URL yet shows 处理中, a load error the error image. */
export function CoverImage({ src, alt }: { src: string | null | undefined; alt: string }) {
  if (!src) return <MediaPending />;
  return <Image src={src} fallback={ERROR_IMAGE} alt={alt} preview={false} loading="lazy" width="100%" height="100%" className={styles.img} />;
}
