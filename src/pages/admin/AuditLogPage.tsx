import { useCallback, useEffect, useState } from 'react';
import { Card, Empty, Select, Space, Table, Typography } from 'antd';
import { get } from '../../dataProvider/axios';
import { renderCell, enumOptions } from '../../resources/views/cells';
import { StaffGate } from './StaffGate';
import { SearchInput } from '../../components/search/SearchInput';
import { LoadFailed } from '../../components/feedback/LoadFailed';

interface AuditRow {
  id: number;
  actorId: number | null;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  note: string;
  ip: string | null;
  createdAt: string;
}

const PAGE_SIZE = 20;
const TARGET_NAMES: Record<string, string> = { certification: '实名认证' };

/** /admin/audit: every recorded staff action (who, what, on which record, before and after), newest first. */
export default function AuditLogPage() {
  return (
    <StaffGate area="操作日志">
      <AuditTable />
    </StaffGate>
  );
}

function AuditTable() {
  const [action, setAction] = useState<string | undefined>();
  const [targetId, setTargetId] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: AuditRow[]; total: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(
        await get('/api/admin/audit-log/list', {
          action,
          targetId: targetId.trim() || undefined,
          page,
          pageSize: PAGE_SIZE,
        }),
      );
    } catch (e) {
      setError((e as Error).message || '加载失败');
    } finally {
      setLoading(false);
    }
  }, [action, targetId, page]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card title="操作日志" style={{ margin: 16 }}>
      <Typography.Paragraph type="secondary">
        运营人员在后台的每一次操作都记录在此：操作人、操作、对象，以及操作前后的状态。记录不可修改或删除。
      </Typography.Paragraph>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          placeholder="全部操作"
          style={{ width: 200 }}
          value={action}
          onChange={(v) => {
            setAction(v);
            setPage(1);
          }}
          options={enumOptions('lumen:enums/audit-action').map((o) => ({ label: o.label, value: String(o.value) }))}
        />
        <SearchInput
          placeholder="对象编号"
          allowClear
          style={{ width: 200 }}
          onSearch={(v) => {
            setTargetId(v);
            setPage(1);
          }}
        />
      </Space>
      {error && <LoadFailed what="操作日志" error={error} retry={() => void load()} />}
      <Table<AuditRow>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无操作记录" /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        expandable={{
          expandedRowRender: (r) => (
            <Space align="start" size={32}>
              <div>
                <Typography.Text strong>操作前</Typography.Text>
                <pre style={{ margin: 0 }}>{JSON.stringify(r.before, null, 2)}</pre>
              </div>
              <div>
                <Typography.Text strong>操作后</Typography.Text>
                <pre style={{ margin: 0 }}>{JSON.stringify(r.after, null, 2)}</pre>
              </div>
            </Space>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: (v) => renderCell('datetime', v) },
          {
            title: '操作人',
            dataIndex: 'actorName',
            render: (v, r) => (r.actorId === null ? '系统' : (v ?? `用户${r.actorId}`)),
          },
          { title: '操作', dataIndex: 'action', render: (v) => renderCell('enum:lumen:enums/audit-action', v) },
          { title: '对象', dataIndex: 'targetType', render: (v, r) => `${TARGET_NAMES[v] ?? v} #${r.targetId}` },
          { title: '说明', dataIndex: 'note' },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </Card>
  );
}
