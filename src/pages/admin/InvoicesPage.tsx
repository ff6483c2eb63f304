import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Segmented, Space, Table, Typography } from 'antd';
import { enumOptions, formatDateTime, formatMoney, renderCell, StatusTag } from '../../resources/views/cells';
import { labelOf } from '../../resources/registry';
import { SchemaFormModal } from '../../components/schema-form/SchemaFormModal';
import { DownloadButton } from '../../components/licence/download-button';
import { useSchemas } from '../../hooks/use-schema';
import type { InvoiceDetail } from '../../schemas/api/invoice';
import { issueInvoice, listStaffInvoices, refuseInvoice } from '../account/ticket/invoice-api';
import { InvoiceLines } from '../account/ticket/InvoiceLines';
import { StaffGate } from './StaffGate';
import { useStaffList } from './use-staff-list';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const PAGE_SIZE = 20;

/** /admin/invoices: staff issue requested invoices (电子发票 PDF) or refuse them with a reason. */
export default function InvoicesPage() {
  return (
    <StaffGate area="发票开具">
      <InvoiceQueue />
    </StaffGate>
  );
}

function InvoiceQueue() {
  useSchemas(['lumen:status/invoice', 'lumen:enums/invoice-type', 'lumen:enums/tax-rate']);
  const { status, setStatus, page, setPage, data, loading, error, load, busy, act, message } = useStaffList<
    number,
    InvoiceDetail
  >(0, (s, p) => listStaffInvoices(s, p, PAGE_SIZE));
  const [refusing, setRefusing] = useState<InvoiceDetail | null>(null);

  const refuse = async (form: Record<string, any>) => {
    await refuseInvoice(refusing!.id, form);
    message.success('已驳回，申请人已收到通知，所开订单可重新申请');
    setRefusing(null);
    await load();
  };

  return (
    <Card title="发票开具" style={{ margin: 16 }}>
      <Typography.Paragraph type="secondary">
        核对发票抬头、纳税人识别号与所开订单后开具：开具即生成发票号码与电子发票（PDF），申请人收到通知并可下载；驳回需填写原因，所开订单释放后可重新申请。每次操作记入操作日志。
      </Typography.Paragraph>
      <Segmented
        value={status}
        options={enumOptions('status:invoice')}
        onChange={(v) => setStatus(Number(v))}
        style={{ marginBottom: 16 }}
      />
      {error && <LoadFailed what="开票申请" error={error} retry={() => void load()} />}
      <Table<InvoiceDetail>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description="暂无开票申请" /> }}
        expandable={{ expandedRowRender: (r) => <InvoiceLines lines={r.lines} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          { title: '申请人', dataIndex: 'userName', render: (v, r) => v ?? `用户${r.userId}` },
          { title: '发票抬头', dataIndex: 'title' },
          { title: '纳税人识别号', dataIndex: 'taxId', render: (v) => v ?? '-' },
          { title: '类型', dataIndex: 'invoiceType', render: (v) => renderCell('enum:invoice-type', v) },
          { title: '税率', dataIndex: 'taxRate', render: (v) => renderCell('enum:tax-rate', v) },
          {
            title: '价税合计',
            dataIndex: 'amountCents',
            align: 'right',
            render: (v) => <Typography.Text strong>{formatMoney(v)}</Typography.Text>,
          },
          { title: '申请时间', dataIndex: 'createdAt', render: (v) => formatDateTime(v) },
          { title: '状态', dataIndex: 'status', render: (v) => <StatusTag table="invoice" value={v} /> },
          status === 0
            ? {
                title: '操作',
                key: 'op',
                render: (_, r) => (
                  <Space>
                    <Popconfirm
                      title={`确定为「${r.title}」开具 ${formatMoney(r.amountCents)} 的电子发票？`}
                      onConfirm={() =>
                        act(
                          r.id,
                          () => issueInvoice(r.id),
                          (d) => `已开具，发票号码 ${d.invoiceNo}`,
                        )
                      }
                    >
                      <Button
                        type="primary"
                        size="small"
                        loading={busy === r.id}
                        disabled={busy !== null && busy !== r.id}
                      >
                        开具
                      </Button>
                    </Popconfirm>
                    <Button size="small" danger onClick={() => setRefusing(r)}>
                      驳回
                    </Button>
                  </Space>
                ),
              }
            : status === 1
              ? {
                  title: '发票',
                  key: 'pdf',
                  render: (_, r) => (
                    <Space direction="vertical" size={0}>
                      <Typography.Text copyable>{r.invoiceNo}</Typography.Text>
                      <DownloadButton
                        url={`/api/admin/invoices/${r.id}/pdf`}
                        label="下载PDF"
                        fallbackName={`电子发票-${r.invoiceNo}.pdf`}
                      />
                    </Space>
                  ),
                }
              : {
                  title: '驳回原因',
                  key: 'reason',
                  render: (_, r) => <Typography.Text type="secondary">{r.refuseReason ?? '-'}</Typography.Text>,
                },
        ]}
      />
      <SchemaFormModal
        open={!!refusing}
        schemaId="lumen:forms/invoice-refuse"
        title={
          refusing
            ? `驳回开票申请 #${refusing.id}（${formatMoney(refusing.amountCents)}）`
            : labelOf('lumen:enums/audit-action', 'invoice.refuse')
        }
        okText="驳回"
        danger
        onCancel={() => setRefusing(null)}
        onSubmit={refuse}
      />
    </Card>
  );
}
