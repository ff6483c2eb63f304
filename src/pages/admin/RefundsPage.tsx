import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Empty, Popconfirm, Segmented, Table, Typography } from 'antd';
import { enumOptions, renderCell, StatusTag } from '../../resources/views/cells';
import { labelOf } from '../../resources/registry';
import { listRefunds, refundOrder, settleRefund, type RefundDue } from './admin-api';
import { SchemaFormModal } from '../../components/schema-form/SchemaFormModal';
import { StaffGate } from './StaffGate';
import { useStaffList } from './use-staff-list';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const reasonLabel = (v: RefundDue['reason']) => labelOf('lumen:enums/refund-reason', v);
const PAGE_SIZE = 20;

/** /admin/refunds: staff settle payments that granted nothing, back through their original channel. */
export default function RefundsPage() {
  return (
    <StaffGate area="退款结算">
      <RefundTable />
    </StaffGate>
  );
}

function RefundTable() {
  const {
    status,
    setStatus,
    page,
    setPage,
    data,
    loading,
    error,
    load,
    busy: settling,
    act,
    message,
  } = useStaffList<'due' | 'refunded', RefundDue>('due', (s, p) => listRefunds(s, p, PAGE_SIZE));
  const [refunding, setRefunding] = useState(false);

  const settle = (r: RefundDue) =>
    act(
      r.id,
      () => settleRefund(r.id),
      () =>
        `已退款 ${renderCell('money', r.amountCents)}（${renderCell('enum:lumen:licence/pay-method', r.provider)}）`,
    );

  const submitOrderRefund = async (form: Record<string, any>) => {
    const r = await refundOrder(form);
    setRefunding(false);
    if (r.status === 'refunded') message.success(`订单 ${r.orderNo} 已整单退款 ${renderCell('money', r.amountCents)}`);
    else message.warning(`订单 ${r.orderNo} 已退款，款项待结算`);
    await load();
  };

  return (
    <Card
      title="退款结算"
      style={{ margin: 16 }}
      extra={
        <>
          <Button danger onClick={() => setRefunding(true)} style={{ marginRight: 12 }}>
            {reasonLabel('order_refunded')}
          </Button>
          <Link to="/admin">规则配置</Link>
        </>
      }
    >
      <Typography.Paragraph type="secondary">
        未换得授权的付款（订单重复支付、订单关闭后付款、金额不符）逐笔记为待退款。结算后款项原路退回：微信支付、支付宝退回原支付账户，钱包付款退回钱包余额。
        整单退款撤销该订单的授权、扣回创作者的该单分成，并立即原路退款。
      </Typography.Paragraph>
      <SchemaFormModal
        open={refunding}
        schemaId="lumen:forms/order-refund"
        title={reasonLabel('order_refunded')}
        okText="确认退款"
        danger
        onCancel={() => setRefunding(false)}
        onSubmit={submitOrderRefund}
      />
      <Segmented
        value={status}
        onChange={(v) => setStatus(v as 'due' | 'refunded')}
        // Two tabs: the due one also lists refunds being settled (processing).
        options={enumOptions('status:refund-settlement').filter((o) => o.value !== 'processing')}
        style={{ marginBottom: 16 }}
      />
      {error && <LoadFailed what="退款列表" error={error} retry={() => void load()} />}
      <Table<RefundDue>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description={status === 'due' ? '暂无待结算的退款' : '暂无已退款记录'} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '用户', dataIndex: 'userName', render: (v, r) => v ?? `用户${r.userId}` },
          { title: '原支付渠道', dataIndex: 'provider', render: (v) => renderCell('enum:lumen:licence/pay-method', v) },
          {
            title: '金额',
            dataIndex: 'amountCents',
            align: 'right',
            render: (v) => <Typography.Text type="danger">{renderCell('money', v)}</Typography.Text>,
          },
          {
            title: '原因',
            dataIndex: 'reason',
            render: (v: RefundDue['reason'], r) => (r.note ? `${reasonLabel(v)}：${r.note}` : reasonLabel(v)),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: RefundDue['status']) => <StatusTag table="refund-settlement" value={v} />,
          },
          {
            title: status === 'due' ? '记录时间' : '退款时间',
            dataIndex: status === 'due' ? 'createdAt' : 'settledAt',
            render: (v) => renderCell('datetime', v),
          },
          {
            title: status === 'due' ? '操作' : '退款单号',
            key: 'op',
            render: (_, r) =>
              r.status === 'refunded' ? (
                <Typography.Text type="secondary">{r.refundNo}</Typography.Text>
              ) : (
                <Popconfirm
                  title={`确定将 ${renderCell('money', r.amountCents)} 原路退回${renderCell('enum:lumen:licence/pay-method', r.provider)}？`}
                  onConfirm={() => settle(r)}
                >
                  <Button
                    type="primary"
                    size="small"
                    loading={settling === r.id}
                    disabled={settling !== null && settling !== r.id}
                  >
                    结算退款
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
