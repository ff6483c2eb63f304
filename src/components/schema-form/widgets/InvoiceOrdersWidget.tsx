import { useCallback, useEffect, useState } from 'react';
import { Empty, Table, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { get } from '../../../dataProvider/axios';
import { formatDateTime, formatMoney } from '../../../resources/views/cells';
import type { InvoiceableOrdersAnswer, InvoiceableOrder } from '../../../schemas/api/invoice-responses';
import { LoadFailed } from '../../feedback/LoadFailed';

/**
 * The signed-in user's paid orders that no invoice request holds yet (GET /api/user/invoice/orders,
 * or the copyright-service invoices' /api/user/service-invoice/orders).
 */
export const fetchInvoiceableOrders = (apiPath = 'user/invoice') =>
  get<InvoiceableOrdersAnswer>(`/api/${apiPath}/orders`);

/**
 * `"ui:widget": "invoiceOrders"`: picks the orders an invoice covers from the user's invoiceable
 * paid orders; the value is their ids. The invoice amount is their paid total (the server computes
 * it the same way), shown under the table.
 */
export function InvoiceOrdersWidget({ id, value, onChange, disabled, readonly, formContext }: WidgetProps) {
  const apiPath = (formContext as { apiPath?: string } | undefined)?.apiPath;
  const [orders, setOrders] = useState<InvoiceableOrder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const selected: number[] = Array.isArray(value) ? value : [];

  const load = useCallback(() => {
    setError(null);
    setOrders(null);
    fetchInvoiceableOrders(apiPath)
      .then((r) => setOrders(r.list))
      .catch((e: Error) => setError(e.message || '订单加载失败'));
  }, [apiPath]);
  useEffect(load, [load]);

  if (error)
    return (
      <div id={id}>
        <LoadFailed what="可开票订单" error={error} retry={load} />
      </div>
    );
  const totalCents = (orders ?? []).filter((o) => selected.includes(o.id)).reduce((s, o) => s + o.amountCents, 0);
  return (
    <div id={id}>
      <Table<InvoiceableOrder>
        size="small"
        rowKey="id"
        loading={orders === null}
        dataSource={orders ?? []}
        pagination={(orders?.length ?? 0) > 10 ? { pageSize: 10, size: 'small' } : false}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="暂无可开票的订单：只有本人已支付且未开票的订单可以申请发票"
            />
          ),
        }}
        rowSelection={{
          selectedRowKeys: selected,
          getCheckboxProps: () => ({ disabled: disabled || readonly }),
          onChange: (keys) => onChange(keys.length ? (keys as number[]) : undefined),
        }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '商品', dataIndex: 'itemTitles', ellipsis: true },
          { title: '实付金额', dataIndex: 'amountCents', align: 'right', render: (c: number) => formatMoney(c) },
          { title: '支付时间', dataIndex: 'paidAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
      <Typography.Text data-testid="invoice-amount">
        已选 {selected.length} 笔订单，开票金额{' '}
        <Typography.Text strong type="danger">
          {formatMoney(totalCents)}
        </Typography.Text>
      </Typography.Text>
    </div>
  );
}
