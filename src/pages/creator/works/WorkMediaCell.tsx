import { useCallback, useEffect, useState } from 'react';
import { App, Button, Progress, Space, Tag, Typography } from 'antd';
import { get, postJson } from '../../../dataProvider/axios';
import statusJob from '../../../schemas/status/job.json';
import { tableLabel } from '../../../schemas/registry';
import { BRAND_COLORS } from '../../../theme';

/** GET /api/user/works/:id/media: the pipeline's state of one work. */
export interface WorkMedia {
  state: 'none' | 'processing' | 'ready' | 'failed';
  progress: number;
  message: string | null;
  error: string | null;
  stripUrl: string | null;
  strip: { columns: number; rows: number; tileWidth: number; tileHeight: number; times: number[] } | null;
}

const POLL_MS = 2000;
const SCRUB_WIDTH = 128;

/**
 * Keyframe strip hover-scrub: one tile of the storyboard sprite the pipeline made, the tile under
 * the pointer's horizontal position, so moving across the thumbnail runs through the clip.
 */
export function StripScrub({ url, strip }: { url: string; strip: NonNullable<WorkMedia['strip']> }) {
  const count = Math.max(1, strip.times.length || strip.columns * strip.rows);
  const [tile, setTile] = useState(0);
  const height = Math.round((SCRUB_WIDTH * strip.tileHeight) / strip.tileWidth);
  const col = tile % strip.columns;
  const row = Math.floor(tile / strip.columns);
  return (
    <div
      data-testid="strip-scrub"
      data-tile={tile}
      title="移动鼠标预览关键帧"
      onMouseMove={(e) => {
        const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
        setTile(Math.min(count - 1, Math.max(0, Math.floor((x / SCRUB_WIDTH) * count))));
      }}
      onMouseLeave={() => setTile(0)}
      style={{
        width: SCRUB_WIDTH,
        height,
        borderRadius: 4,
        backgroundImage: `url(${url})`,
        backgroundSize: `${strip.columns * 100}% ${strip.rows * 100}%`,
        backgroundPosition: `${strip.columns > 1 ? (col / (strip.columns - 1)) * 100 : 0}% ${strip.rows > 1 ? (row / (strip.rows - 1)) * 100 : 0}%`,
      }}
    >
      <div
        style={{
          height: 3,
          marginTop: height - 3,
          width: `${((tile + 1) / count) * 100}%`,
          background: BRAND_COLORS.primary,
        }}
      />
    </div>
  );
}

/**
 * A work's processing in the /creator/works list: 处理中 with the job's progress bar (polled until
 * it ends), 处理失败 with the reason and 重试, or the keyframe strip to scrub once ready.
 */
export function WorkMediaCell({ workId }: { workId: number }) {
  const { message } = App.useApp();
  const [media, setMedia] = useState<WorkMedia | null>(null);
  const [retrying, setRetrying] = useState(false);
  const load = useCallback(
    () =>
      get<WorkMedia>(`/api/user/works/${workId}/media`)
        .then(setMedia)
        .catch(() => undefined),
    [workId],
  );
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (media?.state !== 'processing') return;
    const t = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(t);
  }, [media, load]);

  if (!media || media.state === 'none') return <Typography.Text type="secondary">-</Typography.Text>;
  if (media.state === 'processing') {
    return (
      <div style={{ minWidth: 140 }} data-testid="media-processing">
        <Tag color="processing">{tableLabel(statusJob, 'running')}</Tag>
        <Progress percent={Math.round(media.progress)} size="small" status="active" />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {media.message}
        </Typography.Text>
      </div>
    );
  }
  if (media.state === 'failed') {
    const retry = async () => {
      setRetrying(true);
      try {
        setMedia(await postJson<WorkMedia>(`/api/user/works/${workId}/media/retry`, {}));
        message.success('已重新开始处理');
      } catch (e) {
        message.error((e as Error).message || '重试失败');
      } finally {
        setRetrying(false);
      }
    };
    return (
      <Space direction="vertical" size={2} data-testid="media-failed">
        <Tag color="error">处理失败</Tag>
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {media.error}
        </Typography.Text>
        <Button size="small" loading={retrying} onClick={() => void retry()}>
          重试
        </Button>
      </Space>
    );
  }
  return media.stripUrl && media.strip ? (
    <StripScrub url={media.stripUrl} strip={media.strip} />
  ) : (
    <Tag color="success">处理完成</Tag>
  );
}
