import { useEffect, useState } from 'react';
import { Card, Empty, Table, Tag } from 'antd';
import { renderCell } from '../../../../resources/views/cells';
import { LoadFailed } from '../../../../components/feedback/LoadFailed';
import { fetchCalls, type ApiCallView } from './developer-api';

const PAGE_SIZE = 10;

/** The audit log's entries of calls made with the keys the account sees, newest first. */
export function KeyCallsTable({ refreshKey }: { refreshKey: number }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: ApiCallView[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    fetchCalls(page, PAGE_SIZE).then(setData, (e: Error) => setError(e.message));
  }, [page, refreshKey]);
  return (
    <Card title="最近调用" style={{ marginTop: 16 }}>
      {error && <LoadFailed what="调用记录" error={error} />}
      <Table<ApiCallView>
        rowKey="id"
        size="small"
        loading={!data && !error}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="还没有使用密钥的调用" /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: (v) => renderCell('datetime', v) },
          { title: '密钥', dataIndex: 'keyName', render: (v, r) => `${v}（${r.prefix}…）` },
          { title: '请求', key: 'req', render: (_, r) => <code>{`${r.method} ${r.path}`}</code> },
          {
            title: '结果',
            dataIndex: 'status',
            render: (v: number) => <Tag color={v < 400 ? 'green' : v === 429 ? 'orange' : 'red'}>{v}</Tag>,
          },
          { title: '来源 IP', dataIndex: 'ip', render: (v) => v ?? '-' },
        ]}
      />
    </Card>
  );
}
