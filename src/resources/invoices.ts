import type { ResourceDef } from './types';

/** Invoice requests (发票管理). */
export const invoices: ResourceDef = {
  name: 'invoices',
  apiPath: 'user/invoice',
  title: '发票管理',
  noun: '发票',
  listPath: '/account/ticket',
  showPath: '/account/ticket/detail?id=:id',
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
  filters: [
    { field: 'status', label: '状态', type: 'enum', enumId: 'status:invoice', operator: 'eq' },
    { field: 'invoice_type', label: '发票类型', type: 'enum', enumId: 'invoice-type', operator: 'eq' },
  ],
  searchField: 'title',
  canCreate: true,
  canEdit: true,
  canDelete: false,
  editableStatus: [0],
  rowActions: [
    { action: 'cancel', label: '取消申请', whenStatus: [0], confirm: '确定取消该开票申请吗？' },
    { action: 'pdf', label: '下载发票', whenStatus: [1], kind: 'download' },
  ],
  parent: 'account',
};
