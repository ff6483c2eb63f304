import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Progress, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTable } from '@refinedev/antd';
import dayjs from 'dayjs';
import { enumOptions, statusColor, statusLabel } from '../../schemas';
import type { Job } from '../../schemas/api/job';
import { cancelJob, retryJob } from './jobs-api';
import { StaffGate } from './StaffGate';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const TABLE = 'lumen:status/job';

function JobTable({ state }: { state: string }) {
  const { message } = App.useApp();
  const { tableProps, tableQuery } = useTable<Job>({
    resource: 'jobs',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { permanent: state === 'all' ? [] : [{ field: 'state', operator: 'eq', value: state }] },
    errorNotification: false,
  });
  const act = (fn: (id: number) => Promise<unknown>, id: number, done: string) =>
    fn(id)
      .then(
        () => message.success(done),
        (e: Error) => message.error(e.message),
      )
      .finally(() => void tableQuery.refetch());

  return (
    <>
      {tableQuery.isError && <LoadFailed error={tableQuery.error} retry={() => void tableQuery.refetch()} />}
      <Table<Job>
        {...tableProps}
        rowKey="id"
        size="small"
        locale={{ emptyText: <Empty description="暂无任务" /> }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '任务类型', dataIndex: 'task', render: (t: string) => <Typography.Text code>{t}</Typography.Text> },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: string) => <Tag color={statusColor(TABLE, s)}>{statusLabel(TABLE, s)}</Tag>,
          },
          {
            title: '进度',
            key: 'progress',
            width: 200,
            render: (_, j) => (
              <>
                <Progress percent={j.progress} size="small" status={j.state === 'failed' ? 'exception' : undefined} />
                {j.message && <Typography.Text type="secondary">{j.message}</Typography.Text>}
              </>
            ),
          },
          { title: '尝试', key: 'attempts', width: 70, render: (_, j) => `${j.attempts}/${j.maxAttempts}` },
          {
            title: '最近错误',
            dataIndex: 'error',
            ellipsis: true,
            render: (e: string | null) =>
              e ? (
                <Typography.Text type="danger" title={e}>
                  {e}
                </Typography.Text>
              ) : (
                '-'
              ),
          },
          {
            title: '创建时间',
            dataIndex: 'createdAt',
            width: 160,
            render: (d: string) => dayjs(d).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_, j) => (
              <Space size={4}>
                {(j.state === 'failed' || j.state === 'cancelled') && (
                  <Button size="small" onClick={() => act(retryJob, j.id, '任务已重新排队')}>
                    重试
                  </Button>
                )}
                {(j.state === 'queued' || j.state === 'running') && (
                  <Popconfirm
                    title="确定取消该任务？"
                    okText="取消任务"
                    cancelText="再想想"
                    onConfirm={() => act(cancelJob, j.id, '任务已取消')}
                  >
                    <Button size="small" danger>
                      取消
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/** Staff page (/admin/jobs): background jobs by state, with retry and cancel. */
export default function JobsPage() {
  return (
    <StaffGate area="后台任务">
      <JobsConsole />
    </StaffGate>
  );
}

function JobsConsole() {
  const [state, setState] = useState('all');
  const [reload, setReload] = useState(0);
  return (
    <Card
      style={{ margin: 16 }}
      title="后台任务"
      extra={
        <Space>
          <Link to="/admin">规则配置</Link>
          <Button icon={<ReloadOutlined />} onClick={() => setReload((n) => n + 1)}>
            刷新
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={state}
        onChange={setState}
        items={[
          { key: 'all', label: '全部' },
          ...enumOptions(TABLE).map((o) => ({ key: String(o.value), label: o.label })),
        ]}
      />
      <JobTable key={`${state}:${reload}`} state={state} />
    </Card>
  );
}
