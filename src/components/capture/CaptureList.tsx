import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Empty, Progress, Table, Typography } from 'antd';
import { get } from '../../dataProvider/axios';
import { StatusTag, formatDateTime } from '../../resources/views/cells';
import type { CaptureRecord } from '../../schemas/api/web-capture';
import statusJob from '../../schemas/status/job.json';
import { tableLabel } from '../../schemas/registry';
import { LoadFailed } from '../feedback/LoadFailed';

const RUNNING = (c: CaptureRecord) => c.status === 0 || c.status === 1;

/** My captures with their job's progress; polls every 2 s while one is queued or running. */
export function CaptureList({
  kind,
  version,
  onOpen,
}: {
  kind: 'web' | 'screen';
  version: number;
  onOpen: (id: number) => void;
}) {
  const [rows, setRows] = useState<CaptureRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    () =>
      get<{ list: CaptureRecord[] }>('/api/protection/captures', { kind, pageSize: 50 }).then(
        (r) => {
          setRows(r.list);
          setError(null);
        },
        (e: Error) => setError(e.message),
      ),
    [kind],
  );
  useEffect(() => {
    void load();
  }, [load, version]);
  useEffect(() => {
    if (!rows?.some(RUNNING)) return;
    const t = setInterval(load, 2000);
    return () => clearInterval(t);
  }, [rows, load]);
  return (
    <Card
      title={kind === 'web' ? '我的网页取证' : '我的录屏取证'}
      size="small"
      extra={
        <Button size="small" onClick={load}>
          刷新
        </Button>
      }
    >
      {error && <LoadFailed what="取证记录" error={error} retry={() => void load()} />}
      <Table<CaptureRecord>
        rowKey="id"
        size="small"
        loading={rows === null && !error}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: <Empty description="还没有取证记录" /> }}
        data-testid="capture-list"
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          {
            title: '名称',
            dataIndex: 'title',
            render: (v, c) => (
              <>
                <div>{v}</div>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
                  {c.urls.join('、')}
                </Typography.Text>
              </>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 220,
            render: (v, c) =>
              RUNNING(c) ? (
                <>
                  <StatusTag table="web-capture" value={v} />
                  <Progress percent={c.job?.progress ?? 0} size="small" status="active" />
                  <Typography.Text type="secondary">
                    {c.job?.message ?? tableLabel(statusJob, 'queued')}
                  </Typography.Text>
                </>
              ) : (
                <>
                  <StatusTag table="web-capture" value={v} />
                  {c.status === 3 && (
                    <Typography.Text type="danger" ellipsis style={{ display: 'block', maxWidth: 200 }}>
                      {c.error}
                    </Typography.Text>
                  )}
                </>
              ),
          },
          { title: '证书编号', dataIndex: 'certNo', render: (v) => v ?? '-' },
          { title: '提交时间', dataIndex: 'createdAt', width: 150, render: formatDateTime },
          {
            title: '操作',
            width: 90,
            render: (_, c) => (
              <Button type="link" onClick={() => onOpen(c.id)}>
                查看结果
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
