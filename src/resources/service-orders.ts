import type { ResourceDef } from './types';

/**
 * My copyright-service orders (/cyprotect/myorderinfo, the default page of /cyprotect): generated
 * list/show over GET /api/service-orders/list and /{id}. A pending order is paid on /pay like any
 * order (its order id, not the service-order id); the page adds the buy dialog and the use log.
 */
export const serviceOrders: ResourceDef = {
  name: 'service-orders',
  apiPath: 'service-orders',
  title: '版权订单',
  noun: '版权订单',
  listPath: '/cyprotect/myorderinfo',
  schemaId: 'lumen:forms/service-order',
  columns: [
    { dataIndex: 'orderNo', title: '订单号', width: 200 },
    { dataIndex: 'title', title: '服务套餐' },
    { dataIndex: 'quantity', title: '总额度', width: 80 },
    { dataIndex: 'used', title: '已用', width: 70 },
    { dataIndex: 'left', title: '剩余', width: 70 },
    { dataIndex: 'amountCents', title: '实付金额', render: 'money', sorter: true },
    { dataIndex: 'payMethod', title: '支付方式', render: 'enum:lumen:licence/pay-method', optional: true, width: 100 },
    { dataIndex: 'status', title: '状态', render: 'status:service-order' },
    { dataIndex: 'expiresAt', title: '有效期至', render: 'datetime', optional: true, width: 150 },
    { dataIndex: 'createdAt', title: '下单时间', render: 'datetime', sorter: true, width: 150 },
  ],
  filters: [{ field: 'status', label: '状态', type: 'enum', enumId: 'status:service-order', operator: 'eq' }],
  searchField: 'orderNo',
  canCreate: false,
  canEdit: false,
  canDelete: false,
  rowActions: [
    { action: 'pay', label: '去支付', whenStatus: ['pending'], kind: 'link', to: '/pay?orderId={orderId}' },
    {
      action: 'records',
      label: '服务记录',
      whenStatus: ['active', 'used_up', 'expired', 'refunded'],
      kind: 'link',
      to: '{recordsPath}',
    },
  ],
  parent: 'cyprotect',
};

/** Invoices of paid copyright-service orders (/cyprotect/cyticket): the invoice form and flow, service orders only. */
export const serviceInvoices: ResourceDef = {
  name: 'service-invoices',
  apiPath: 'user/service-invoice',
  title: '版权服务发票',
  noun: '发票',
  listPath: '/cyprotect/cyticket',
  showPath: '/account/ticket/detail?kind=service&id=:id',
  schemaId: 'lumen:forms/invoice',
  columns: [
    { dataIndex: 'id', title: '申请编号', width: 90 },
    { dataIndex: 'title', title: '发票抬头' },
    { dataIndex: 'invoice_type', title: '发票类型', render: 'enum:invoice-type' },
    { dataIndex: 'tax_rate', title: '税率', render: 'enum:tax-rate' },
    { dataIndex: 'amount_cents', title: '开票金额', render: 'money', sorter: true },
    { dataIndex: 'status', title: '状态', render: 'status:invoice' },
    { dataIndex: 'created_at', title: '申请时间', render: 'datetime', sorter: true },
  ],
  filters: [{ field: 'status', label: '状态', type: 'enum', enumId: 'status:invoice', operator: 'eq' }],
  searchField: 'title',
  canCreate: true,
  canEdit: true,
  canDelete: false,
  editableStatus: [0],
  rowActions: [
    { action: 'cancel', label: '取消申请', whenStatus: [0], confirm: '确定取消该开票申请吗？' },
    { action: 'pdf', label: '下载发票', whenStatus: [1], kind: 'download' },
  ],
  parent: 'cyprotect',
};
