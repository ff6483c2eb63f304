import { useState } from 'react';
import { App, Button, Empty, Table } from 'antd';
import { SchemaFormModal } from '../../../components/schema-form/SchemaFormModal';
import { formatDateTime, formatMoney } from '../../../resources/views/cells';
import { useLoad } from '../../content/use-load';
import { listPoolRevenue, recordPoolRevenue } from '../../collective/collective-api';

/** Staff: collective pool income, recorded once per payment reference and shared by the plan's rule. */
export function PoolRevenueTable() {
  const { message } = App.useApp();
  const { data, loading, reload } = useLoad(listPoolRevenue, []);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} style={{ marginBottom: 16 }}>
        记录池收入
      </Button>
      <Table
        rowKey="id"
        loading={loading}
        dataSource={data ?? []}
        locale={{ emptyText: <Empty description="暂无池收入" /> }}
        columns={[
          { title: '凭证号', dataIndex: 'reference' },
          { title: '被授权平台', dataIndex: 'licensee' },
          { title: '收入', dataIndex: 'amountCents', render: formatMoney },
          { title: '服务费', dataIndex: 'platformPercent', render: (v) => `${v}%` },
          { title: '可分配', dataIndex: 'distributableCents', render: formatMoney },
          { title: '已分配', dataIndex: 'sharedCents', render: formatMoney },
          { title: '池内作品', dataIndex: 'totalWorks' },
          { title: '记录时间', dataIndex: 'createdAt', render: formatDateTime },
        ]}
      />
      <SchemaFormModal
        open={open}
        schemaId="lumen:forms/collective-revenue"
        title="记录集体授权收入"
        okText="记录并分配"
        onCancel={() => setOpen(false)}
        onSubmit={async (f) => {
          await recordPoolRevenue(f);
          message.success('已记录并分配');
          setOpen(false);
          await reload();
        }}
      />
    </>
  );
}
