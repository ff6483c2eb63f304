import { Empty, Space, Tag, Timeline, Typography } from 'antd';
import { enumLabel, statusLabel } from '../../schemas';
import { useSchemas } from '../../hooks/use-schema';
import { formatDateTime } from '../../resources/views/cells';
import type { TimelineEvent } from '../../schemas/api/review';

const TABLES = ['lumen:enums/work-event', 'lumen:status/work', 'lumen:status/work-revision'];
const ROLE: Record<TimelineEvent['actorRole'], string> = { creator: '创作者', staff: '审核员', system: '系统' };

/** Dot colour by what happened. */
function colorOf(action: string): string {
  if (/approve|relist/.test(action)) return 'green';
  if (/reject/.test(action)) return 'red';
  if (/request_info/.test(action)) return 'orange';
  if (/appeal/.test(action)) return 'purple';
  if (/takedown|withdraw/.test(action)) return 'gray';
  return 'blue';
}

function statusText(e: TimelineEvent): string | null {
  if (e.to === null || e.from === e.to) return null;
  const table = e.revisionId ? 'lumen:status/work-revision' : 'lumen:status/work';
  const to = statusLabel(table, e.to);
  return e.from === null ? to : `${statusLabel(table, e.from)} → ${to}`;
}

/** A work's status history: who did what when, from which status to which, and why. */
export function WorkTimeline({ events }: { events: TimelineEvent[] }) {
  useSchemas(TABLES);
  if (!events.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无审核记录" />;
  return (
    <Timeline
      items={events.map((e) => ({
        key: e.id,
        color: colorOf(e.action),
        children: (
          <div data-testid="timeline-event">
            <Space size={8} wrap>
              <Typography.Text strong>{enumLabel('lumen:enums/work-event', e.action)}</Typography.Text>
              {statusText(e) && <Typography.Text type="secondary">{statusText(e)}</Typography.Text>}
            </Space>
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(e.at)} · {ROLE[e.actorRole]}
                {e.actorName ? ` ${e.actorName}` : ''}
              </Typography.Text>
            </div>
            {e.reasons.length > 0 && (
              <Space size={[4, 4]} wrap style={{ marginTop: 4 }}>
                {e.reasons.map((r) => (
                  <Tag key={r.code} color="red">
                    {r.title}
                  </Tag>
                ))}
              </Space>
            )}
            {e.comment && <Typography.Paragraph style={{ margin: '4px 0 0' }}>{e.comment}</Typography.Paragraph>}
          </div>
        ),
      }))}
    />
  );
}
