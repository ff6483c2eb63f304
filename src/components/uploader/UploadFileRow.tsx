import { Button, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { CloseOutlined, PauseOutlined, CaretRightOutlined, RedoOutlined } from '@ant-design/icons';
import { statusColor, statusLabel } from '../../schemas';
import type { ChunkStatus } from 'simple-uploader.js';
import type { UploadRow } from './upload-queue';
import { formatBytes, formatSpeed, formatTimeLeft } from './format';

const FILE_TABLE = 'lumen:status/uploader-file';
const CHUNK_TABLE = 'lumen:status/uploader-chunk';
const CHUNK_ORDER: ChunkStatus[] = ['success', 'uploading', 'reading', 'pending', 'retry', 'error'];

export interface RowActions {
  pause: (key: string) => void;
  resume: (key: string) => void;
  retry: (key: string) => void;
  cancel: (key: string) => void;
}

/** One file: state tag (spec §4, in Chinese from the status table), progress, speed, time left, chunk states, actions. */
export function UploadFileRow({ row, actions }: { row: UploadRow; actions: RowActions }) {
  const chunkTags = CHUNK_ORDER.filter((s) => (s === 'retry' ? row.retries : row.chunks[s])).map((s) => (
    <Tag key={s} color={statusColor(CHUNK_TABLE, s)} data-chunk-state={s}>
      分片{statusLabel(CHUNK_TABLE, s)} {s === 'retry' ? row.retries : row.chunks[s]}
    </Tag>
  ));
  const running = row.state === 'uploading' && !row.phase;
  return (
    <div
      data-testid="upload-row"
      data-state={row.state}
      style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}
    >
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          <Typography.Text strong ellipsis style={{ maxWidth: 320 }} title={row.name}>
            {row.name}
          </Typography.Text>
          <Typography.Text type="secondary">{formatBytes(row.size)}</Typography.Text>
          <Tag color={statusColor(FILE_TABLE, row.state)} data-file-state={row.state}>
            {statusLabel(FILE_TABLE, row.state)}
          </Tag>
          {row.instant && <Tag color="green">秒传</Tag>}
        </Space>
        <Space>
          {(row.state === 'uploading' || row.state === 'waiting') && !row.phase && (
            <Tooltip title="暂停">
              <Button size="small" icon={<PauseOutlined />} aria-label="暂停" onClick={() => actions.pause(row.key)} />
            </Tooltip>
          )}
          {row.state === 'paused' && (
            <Tooltip title="继续">
              <Button
                size="small"
                icon={<CaretRightOutlined />}
                aria-label="继续"
                onClick={() => actions.resume(row.key)}
              />
            </Tooltip>
          )}
          {row.state === 'error' && row.retryable && (
            <Tooltip title="重试">
              <Button size="small" icon={<RedoOutlined />} aria-label="重试" onClick={() => actions.retry(row.key)} />
            </Tooltip>
          )}
          <Tooltip title={row.state === 'success' ? '移出列表' : '取消上传'}>
            <Button
              size="small"
              icon={<CloseOutlined />}
              aria-label={row.state === 'success' ? '移出列表' : '取消上传'}
              onClick={() => actions.cancel(row.key)}
            />
          </Tooltip>
        </Space>
      </Space>
      <Progress
        percent={Math.floor(row.progress * 1000) / 10}
        status={
          row.state === 'error' ? 'exception' : row.state === 'success' ? 'success' : running ? 'active' : 'normal'
        }
        size="small"
      />
      <Space size={12} wrap>
        {row.phase && <Typography.Text type="secondary">{row.phase}</Typography.Text>}
        {running && <Typography.Text type="secondary">{formatSpeed(row.speed)}</Typography.Text>}
        {running && <Typography.Text type="secondary">{formatTimeLeft(row.timeLeft)}</Typography.Text>}
        {row.error && <Typography.Text type="danger">{row.error}</Typography.Text>}
        {chunkTags.length > 0 && row.state !== 'success' && <span>{chunkTags}</span>}
      </Space>
    </div>
  );
}
