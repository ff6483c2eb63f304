import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Segmented, Space, Table, Typography } from 'antd';
import { enumOptions, formatDateTime, formatMoney, StatusTag } from '../../resources/views/cells';
import { SchemaFormModal } from '../../components/schema-form/SchemaFormModal';
import { useSchemas } from '../../hooks/use-schema';
import type { StaffWithdrawal } from '../../schemas/api/earnings';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from './withdrawals-api';
import { StaffGate } from './StaffGate';
import { useStaffList } from './use-staff-list';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const PAGE_SIZE = 20;

/** /admin/withdrawals: staff approve (paid out through the payment adapter) or refuse creators' withdrawals. */
export default function WithdrawalsPage() {
  return (
    <StaffGate area="提现审核">
      <WithdrawalTable />
    </StaffGate>
  );
}

function WithdrawalTable() {
  useSchemas(['lumen:status/withdrawal']);
  const { status, setStatus, page, setPage, data, loading, error, load, busy, act, message } = useStaffList<
    number,
    StaffWithdrawal
  >(0, (s, p) => listWithdrawals(s, p, PAGE_SIZE));
  const [rejecting, setRejecting] = useState<StaffWithdrawal | null>(null);

  const approve = (w: StaffWithdrawal) =>
    act(
      w.id,
      () => approveWithdrawal(w.id),
      (r) => `已向${w.accountName}打款 ${formatMoney(r.amountCents)}（流水号 ${r.payoutId}）`,
    );
  const reject = async (form: Record<string, any>) => {
    await rejectWithdrawal(rejecting!.id, form);
    message.success('已驳回，金额已退回创作者的可提现收益');
    setRejecting(null);
    await load();
  };

  const open = status === 0 || status === 4;
  return (
    <Card title="提现审核" style={{ margin: 16 }}>
      <Typography.Paragraph type="secondary">
        审核通过后立即通过支付宝转账打款至创作者的支付宝账户或银行卡（同一申请只会打款一次）；驳回需填写原因，创作者在提现详情中可见，金额退回其可提现收益。
      </Typography.Paragraph>
      <Segmented
        value={status}
        options={enumOptions('status:withdrawal')}
        onChange={(v) => setStatus(Number(v))}
        style={{ marginBottom: 16 }}
      />
      {error && <LoadFailed what="提现列表" error={error} retry={() => void load()} />}
      <Table<StaffWithdrawal>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description="暂无提现申请" /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          { title: '创作者', dataIndex: 'userName', render: (v, r) => v ?? `用户${r.userId}` },
          {
            title: '金额',
            dataIndex: 'amountCents',
            align: 'right',
            render: (v) => <Typography.Text strong>{formatMoney(v)}</Typography.Text>,
          },
          {
            title: '收款方式',
            dataIndex: 'channel',
            render: (v, r) => (v === 'alipay' ? '支付宝' : `银行卡${r.bankName ? `（${r.bankName}）` : ''}`),
          },
          { title: '收款人', dataIndex: 'accountName' },
          { title: '收款账号', dataIndex: 'accountNo' },
          { title: '申请时间', dataIndex: 'createdAt', render: (v) => formatDateTime(v) },
          { title: '状态', dataIndex: 'status', render: (v) => <StatusTag table="withdrawal" value={v} /> },
          open
            ? {
                title: '操作',
                key: 'op',
                render: (_, w) => (
                  <Space>
                    <Popconfirm
                      title={`确定通过并向 ${w.accountName} 打款 ${formatMoney(w.amountCents)}？`}
                      onConfirm={() => approve(w)}
                    >
                      <Button
                        type="primary"
                        size="small"
                        loading={busy === w.id}
                        disabled={busy !== null && busy !== w.id}
                      >
                        {w.status === 4 ? '重试打款' : '通过并打款'}
                      </Button>
                    </Popconfirm>
                    {w.status === 0 && (
                      <Button size="small" danger onClick={() => setRejecting(w)}>
                        驳回
                      </Button>
                    )}
                  </Space>
                ),
              }
            : {
                title: status === 1 ? '转账流水号' : '驳回原因',
                key: 'result',
                render: (_, w) => (
                  <Typography.Text type="secondary">
                    {(status === 1 ? w.payoutId : w.rejectReason) ?? '-'}
                  </Typography.Text>
                ),
              },
        ]}
      />
      <SchemaFormModal
        open={!!rejecting}
        schemaId="lumen:forms/withdrawal-reject"
        title={rejecting ? `驳回提现 #${rejecting.id}（${formatMoney(rejecting.amountCents)}）` : '驳回提现'}
        okText="驳回"
        danger
        onCancel={() => setRejecting(null)}
        onSubmit={reject}
      />
    </Card>
  );
}
