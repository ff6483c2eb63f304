import { Button, Card, Checkbox, List, Segmented, Select, Space, Tag, Typography } from 'antd';
import { enumLabel, enumOptions } from '../../../schemas';
import { formatDateTime } from '../../../resources/views/cells';
import type { QueueFilter, QueueItem } from './review-api';
import { LoadFailed } from '../../../components/feedback/LoadFailed';

export const itemKey = (i: Pick<QueueItem, 'material_id' | 'revision_id'>) => `${i.material_id}:${i.revision_id ?? ''}`;

export interface ReviewQueueProps {
  filter: QueueFilter;
  onFilter: (f: QueueFilter) => void;
  items: QueueItem[] | null;
  total: number;
  error: string | null;
  onRetry: () => void;
  selected: string | null;
  onSelect: (item: QueueItem) => void;
}

/** The queue: pending new works and revisions, oldest request first, filtered by kind, type and appeal. */
export function ReviewQueue({ filter, onFilter, items, total, error, onRetry, selected, onSelect }: ReviewQueueProps) {
  const set = (patch: Partial<QueueFilter>) => onFilter({ ...filter, ...patch, page: 1 });
  return (
    <Card
      size="small"
      title={`待审核（${total}）`}
      extra={
        <Button size="small" onClick={onRetry}>
          刷新
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%', marginBottom: 8 }}>
        <Segmented
          block
          value={filter.kind ?? 'all'}
          onChange={(v) => set({ kind: v === 'all' ? undefined : (v as QueueFilter['kind']) })}
          options={[
            { label: '全部', value: 'all' },
            { label: '新作品', value: 'work' },
            { label: '作品修改', value: 'revision' },
          ]}
        />
        <Space wrap>
          <Select
            allowClear
            placeholder="素材类型"
            style={{ width: 120 }}
            value={filter.type}
            onChange={(v) => set({ type: v })}
            options={enumOptions('lumen:enums/material-type').map((o) => ({ value: Number(o.value), label: o.label }))}
          />
          <Checkbox checked={!!filter.appeal} onChange={(e) => set({ appeal: e.target.checked || undefined })}>
            仅看申诉
          </Checkbox>
        </Space>
      </Space>
      {error && <LoadFailed what="审核队列" error={error} retry={onRetry} />}
      <List
        loading={!items && !error}
        dataSource={items ?? []}
        locale={{ emptyText: '队列已清空，暂无待审核内容' }}
        pagination={
          total > filter.pageSize
            ? {
                current: filter.page,
                pageSize: filter.pageSize,
                total,
                size: 'small',
                onChange: (page) => onFilter({ ...filter, page }),
              }
            : false
        }
        renderItem={(i) => {
          const active = itemKey(i) === selected;
          return (
            <List.Item
              data-testid="queue-item"
              onClick={() => onSelect(i)}
              style={{
                cursor: 'pointer',
                paddingInline: 8,
                background: active ? '#e6f4ff' : undefined,
                borderRadius: 6,
              }}
            >
              <List.Item.Meta
                title={
                  <Space size={4} wrap>
                    <Tag color={i.kind === 'revision' ? 'blue' : 'gold'}>
                      {i.kind === 'revision' ? '修改' : '新作品'}
                    </Tag>
                    {i.appeal && <Tag color="purple">申诉</Tag>}
                    <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                      {i.title}
                    </Typography.Text>
                  </Space>
                }
                description={`${enumLabel('lumen:enums/material-type', i.type)} · ${i.owner_name ?? '未知创作者'} · ${formatDateTime(i.submitted_at)}`}
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
