import { useEffect, useState } from 'react';
import { Button, Card, Empty, Table, Typography } from 'antd';
import { formatDateTime, formatMoney, StatusTag } from '../../resources/views/cells';
import { SchemaFormModal } from '../../components/schema-form/SchemaFormModal';
import { useSchemas } from '../../hooks/use-schema';
import { batchCards, createBatch, formatCode, listBatches, type BatchCard, type GiftBatch } from '../gift/gift-api';
import { StaffGate } from './StaffGate';
import { useStaffList } from './use-staff-list';
import statusGiftCard from '../../schemas/status/gift-card.json';
import { tableLabel } from '../../schemas/registry';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const PAGE_SIZE = 20;

/** /admin/gift-cards: staff make batches of redeemable gift cards and follow their redemption. */
export default function GiftCardBatchesPage() {
  return (
    <StaffGate area="礼品卡批次">
      <Batches />
    </StaffGate>
  );
}

function BatchCards({ id }: { id: number }) {
  const [cards, setCards] = useState<BatchCard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    batchCards(id).then(setCards, (e: Error) => setError(e.message || '加载失败'));
  }, [id]);
  if (error) return <LoadFailed what="卡密" error={error} />;
  return (
    <Table<BatchCard>
      size="small"
      rowKey="id"
      loading={!cards}
      dataSource={cards ?? []}
      pagination={{ pageSize: 20, size: 'small', hideOnSinglePage: true }}
      columns={[
        {
          title: '卡密',
          dataIndex: 'code',
          render: (v) => (
            <Typography.Text code copyable={{ text: v }}>
              {formatCode(v)}
            </Typography.Text>
          ),
        },
        { title: '状态', dataIndex: 'status', render: (v) => <StatusTag table="gift-card" value={v} /> },
        { title: '有效期至', dataIndex: 'expiresAt', render: (v) => (v ? formatDateTime(v) : '-') },
        { title: '兑换时间', dataIndex: 'redeemedAt', render: (v) => (v ? formatDateTime(v) : '-') },
      ]}
    />
  );
}

function Batches() {
  useSchemas(['lumen:status/gift-card']);
  const { page, setPage, data, loading, error, load, message } = useStaffList<number, GiftBatch>(0, (_s, p) =>
    listBatches(p, PAGE_SIZE),
  );
  const [creating, setCreating] = useState(false);
  return (
    <Card
      title="礼品卡批次"
      style={{ margin: 16 }}
      extra={
        <Button type="primary" onClick={() => setCreating(true)}>
          生成礼品卡
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        生成的礼品卡可直接兑换（活动赠送、企业采购）；面额取自礼品卡面额规则，每次生成记入操作日志。展开批次可查看并复制卡密。
      </Typography.Paragraph>
      {error && <LoadFailed what="批次" error={error} retry={() => void load()} />}
      <Table<GiftBatch>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无礼品卡批次" /> }}
        expandable={{ expandedRowRender: (b) => <BatchCards id={b.id} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '批次', dataIndex: 'id', width: 70 },
          { title: '面额', dataIndex: 'amountCents', render: (v) => formatMoney(v) },
          { title: '张数', dataIndex: 'count' },
          { title: tableLabel(statusGiftCard, 2), dataIndex: 'redeemed' },
          { title: '用途', dataIndex: 'note' },
          { title: '生成人', dataIndex: 'createdBy' },
          { title: '生成时间', dataIndex: 'createdAt', render: (v) => formatDateTime(v) },
        ]}
      />
      <SchemaFormModal
        open={creating}
        schemaId="lumen:forms/gift-card-batch"
        title="生成礼品卡"
        okText="生成"
        onCancel={() => setCreating(false)}
        onSubmit={async (form) => {
          const r = await createBatch(form);
          message.success(`已生成批次 #${r.id}`);
          setCreating(false);
          await load();
        }}
      />
    </Card>
  );
}
