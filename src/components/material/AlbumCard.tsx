import { Link } from 'react-router-dom';
import { Card, Typography } from 'antd';
import type { AlbumData } from './api';
import { TYPE_LABELS } from './format';
import { CoverImage } from './CoverImage';
import styles from './material.module.css';

/** An album tile linking to /ablum/detail/:id. */
export function AlbumCard({ album }: { album: AlbumData }) {
  return (
    <Link to={`/ablum/detail/${album.id}`} className={styles.link} data-testid="album-card">
      <Card
        hoverable
        size="small"
        cover={
          <div className={styles.cover}>
            <CoverImage src={album.coverUrl} alt={album.title} />
          </div>
        }
      >
        <Card.Meta
          title={album.title}
          description={
            <Typography.Text type="secondary" className={styles.oneLine}>
              {TYPE_LABELS[album.type]} · {album.itemCount} 个素材 · {album.description}
            </Typography.Text>
          }
        />
      </Card>
    </Link>
  );
}
