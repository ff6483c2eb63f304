import { Table } from 'antd';
import type { InvoiceLine } from '../../../schemas/api/invoice';
import { formatMoney } from '../../../resources/views/cells';

/** The paid orders an invoice covers, each at its invoiced (tax-inclusive) amount. */
export function InvoiceLines({ lines }: { lines: InvoiceLine[] }) {
  return (
    <Table<InvoiceLine>
      size="small"
      rowKey="orderId"
      dataSource={lines}
      pagination={lines.length > 10 ? { pageSize: 10, size: 'small' } : false}
      columns={[
        { title: '订单号', dataIndex: 'orderNo' },
        { title: '商品', dataIndex: 'itemTitles', ellipsis: true, render: (v) => v ?? '-' },
        { title: '开票金额', dataIndex: 'amountCents', align: 'right', render: (c: number) => formatMoney(c) },
      ]}
    />
  );
}
