import { Link } from 'react-router-dom';
import { Card, Image, Typography } from 'antd';
import type { AlbumData } from './api';
import { ERROR_IMAGE, TYPE_LABELS } from './format';
import styles from './material.module.css';

/** An album tile linking to /ablum/detail/:id. */
export function AlbumCard({ album }: { album: AlbumData }) {
  return (
    <Link to={`/ablum/detail/${album.id}`} className={styles.link} data-testid="album-card">
      <Card hoverable size="small" cover={<div className={styles.cover}><Image src={album.coverUrl ?? ERROR_IMAGE} fallback={ERROR_IMAGE} preview={false} loading="lazy" alt={album.title} width="100%" height="100%" className={styles.img} /></div>}>
        <Card.Meta title={album.title} description={<Typography.Text type="secondary" ellipsis>{TYPE_LABELS[album.type]} · {album.itemCount} 个素材 · {album.description}</Typography.Text>} />
      </Card>
    </Link>
  );
}
