import { useCallback, useEffect, useState } from 'react';
import { App, Button, Drawer, Empty, Space, Table, Tag, Typography } from 'antd';
import { StatusTag, renderCell } from '../../../../resources/views/cells';
import { LoadFailed } from '../../../../components/feedback/LoadFailed';
import { webhookEventLabel } from '../../../../schemas/webhooks';
import { listDeliveries, resendDelivery, type WebhookDelivery, type WebhookEndpoint } from './webhooks-api';

const PAGE_SIZE = 10;
type Attempt = WebhookDelivery['attempts'][number];

/** An attempt's outcome: the receiver's status code (green for 2xx) or the error. */
function Outcome({ a }: { a: Attempt }) {
  if (a.statusCode === null) return <Tag color="red">{a.error ?? '未知错误'}</Tag>;
  return <Tag color={a.statusCode >= 200 && a.statusCode < 300 ? 'green' : 'orange'}>HTTP {a.statusCode}</Tag>;
}

/** One endpoint's deliveries, newest first, each with its attempts and a 重新发送 button. */
export function DeliveriesDrawer({
  endpoint,
  reloadKey,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  /** Bumped by the panel after it queued a delivery (test event), to reload. */
  reloadKey: number;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: WebhookDelivery[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Every delivery shows its attempts unless folded (rows arrive after the first render, so not defaultExpandAllRows).
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const id = endpoint?.id;

  const load = useCallback(async () => {
    if (!id) return;
    setError(null);
    try {
      setData(await listDeliveries(id, page, PAGE_SIZE));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [id, page]);
  useEffect(() => {
    setData(null);
    void load();
  }, [load, reloadKey]);

  const resend = async (d: WebhookDelivery) => {
    try {
      await resendDelivery(d.id);
      message.success('已重新加入投递队列');
      setPage(1);
      await load();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <Drawer
      open={endpoint !== null}
      onClose={onClose}
      width={760}
      title={endpoint ? `投递记录：${endpoint.url}` : '投递记录'}
      extra={
        <Button onClick={() => void load()} disabled={!endpoint}>
          刷新
        </Button>
      }
      destroyOnClose
    >
      {error && <LoadFailed what="投递记录" error={error} />}
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        loading={!data && !error}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="还没有投递记录，可发送测试事件试试" /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        expandable={{
          expandedRowKeys: (data?.list ?? []).map((d) => d.id).filter((k) => !folded.has(k)),
          onExpand: (open, d) =>
            setFolded((f) => {
              const next = new Set(f);
              if (open) next.delete(d.id);
              else next.add(d.id);
              return next;
            }),
          expandedRowRender: (d) => (
            <Table<Attempt>
              rowKey="attempt"
              size="small"
              pagination={false}
              dataSource={d.attempts}
              locale={{ emptyText: '等待发送' }}
              columns={[
                { title: '次数', dataIndex: 'attempt', width: 60 },
                { title: '发送时间', dataIndex: 'startedAt', render: (v) => renderCell('datetime', v) },
                { title: '结果', key: 'outcome', render: (_, a) => <Outcome a={a} /> },
                { title: '耗时', dataIndex: 'durationMs', render: (v: number) => `${v} 毫秒` },
                {
                  title: '回答',
                  dataIndex: 'answer',
                  render: (v: string | null) => (
                    <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 200 }}>
                      {v || '-'}
                    </Typography.Text>
                  ),
                },
              ]}
            />
          ),
        }}
        columns={[
          { title: '事件', dataIndex: 'type', render: (v: string) => webhookEventLabel(v) },
          {
            title: '事件编号',
            dataIndex: 'eventId',
            render: (v: string, d) => (
              <Space direction="vertical" size={0}>
                <Typography.Text code>{v}</Typography.Text>
                {d.resentFrom && <Typography.Text type="secondary">重新发送自 #{d.resentFrom}</Typography.Text>}
              </Space>
            ),
          },
          { title: '状态', dataIndex: 'status', render: (v) => <StatusTag table="webhook-delivery" value={v} /> },
          { title: '创建时间', dataIndex: 'createdAt', render: (v) => renderCell('datetime', v) },
          {
            title: '操作',
            key: 'op',
            render: (_, d) => (
              <Button size="small" onClick={() => void resend(d)} disabled={!endpoint?.enabled}>
                重新发送
              </Button>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
