import { Image } from 'antd';
import { ERROR_IMAGE } from './format';
import styles from './material.module.css';

/** A lazy cover image filling its box; a missing URL or a load error shows the error image. */
export function CoverImage({ src, alt }: { src: string | null | undefined; alt: string }) {
  return <Image src={src ?? ERROR_IMAGE} fallback={ERROR_IMAGE} alt={alt} preview={false} loading="lazy" width="100%" height="100%" className={styles.img} />;
}
