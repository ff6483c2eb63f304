import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { MaterialCardData } from './api';
import { formatCount, formatDuration, formatPrice, TYPE_LABELS } from './format';
import styles from './material.module.css';
import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { CoverImage } from './CoverImage';
import { AiTag } from '../provenance/AiTag';

/**
 * A material in a grid: lazy cover with an error fallback; hovering a video plays its muted preview,
 * unless the visitor asked for reduced motion (the cover stays).
 */
export function MaterialCard({ item, eager = false }: { item: MaterialCardData; eager?: boolean }) {
  const [hover, setHover] = useState(false);
  const reduceMotion = useReducedMotion();
  const playable = item.previewUrl?.endsWith('.mp4') && !reduceMotion;
  return (
    <Link to={`/video/detail/${item.id}`} className={styles.link} data-testid="material-card">
      <Card
        hoverable
        size="small"
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        cover={
          <div className={styles.cover}>
            <CoverImage src={item.coverUrl} alt={item.title} eager={eager} />
            {playable && hover && (
              <video
                className={styles.video}
                src={item.previewUrl!}
                muted
                autoPlay
                loop
                playsInline
                data-testid="hover-preview"
              />
            )}
            {item.durationSec !== null && (
              <span className={styles.duration}>
                <PlayCircleOutlined /> {formatDuration(item.durationSec)}
              </span>
            )}
          </div>
        }
      >
        {/* CSS ellipsis, not Typography's: that one measures every card's layout on mount (a forced
            reflow per card, about a quarter of the home page's first-render time). */}
        <Typography.Text strong className={styles.oneLine} title={item.title}>
          {item.title}
        </Typography.Text>
        <div className={styles.meta}>
          <Space size={4}>
            <Tag color="blue" bordered={false}>
              {TYPE_LABELS[item.type]}
            </Tag>
            {item.aiGenerated && <AiTag bordered={false} />}
            <Typography.Text type="secondary">
              <DownloadOutlined /> {formatCount(item.downloads)}
            </Typography.Text>
          </Space>
          <Typography.Text type="danger">{formatPrice(item.priceCents)}</Typography.Text>
        </div>
      </Card>
    </Link>
  );
}
