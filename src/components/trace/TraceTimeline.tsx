import { Empty, Space, Tag, Timeline, Typography } from 'antd';
import { TRACE_EVENT_KINDS, type TraceEvent } from '../../schemas/api/trace';
import { formatDateTime } from '../../resources/views/cells';

/** A work's trace events as an antd Timeline (oldest first): kind, time, title, status, hashes and log leaf. */
export function TraceTimeline({ events }: { events: TraceEvent[] }) {
  if (!events.length) return <Empty description="暂无溯源事件" />;
  return (
    <Timeline
      data-testid="trace-timeline"
      items={events.map((e, i) => ({
        key: i,
        color: TRACE_EVENT_KINDS[e.kind].color,
        children: (
          <Space direction="vertical" size={2} data-kind={e.kind}>
            <Space wrap>
              <Tag color={TRACE_EVENT_KINDS[e.kind].color}>{TRACE_EVENT_KINDS[e.kind].label}</Tag>
              <Typography.Text strong>{e.title}</Typography.Text>
              {e.status && <Tag>{e.status}</Tag>}
            </Space>
            <Typography.Text type="secondary">
              {formatDateTime(e.at)}
              {e.detail ? `　${e.detail}` : ''}
            </Typography.Text>
            {e.url && (
              <Typography.Link href={e.url} target="_blank" rel="noopener noreferrer nofollow">
                {e.url}
              </Typography.Link>
            )}
            {e.sha256 && (
              <Typography.Text code style={{ fontSize: 12, wordBreak: 'break-all' }}>
                SHA-256 {e.sha256}
              </Typography.Text>
            )}
            {e.leafIndex != null && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                存证日志叶子 #{e.leafIndex}
              </Typography.Text>
            )}
          </Space>
        ),
      }))}
    />
  );
}
