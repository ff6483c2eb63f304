import type { ResourceDef } from './types';
import { invoices } from './invoices';

/** Paid image download packages and their use (图片消费记录, /account/imageConsume). */
export const imagePackages: ResourceDef = {
  name: 'image-packages',
  apiPath: 'user/image-packages',
  title: '图片消费记录',
  noun: '消费记录',
  listPath: '/account/imageConsume',
  columns: [
    { dataIndex: 'id', title: '套餐编号', width: 90 },
    { dataIndex: 'title', title: '套餐' },
    { dataIndex: 'quantity', title: '总张数' },
    { dataIndex: 'used', title: '已下载' },
    { dataIndex: 'left', title: '剩余' },
    { dataIndex: 'price_cents', title: '价格', render: 'money' },
    { dataIndex: 'order_no', title: '订单号' },
    { dataIndex: 'status', title: '状态', render: 'status:image-package' },
    { dataIndex: 'activated_at', title: '购买时间', render: 'datetime', sorter: true },
    { dataIndex: 'expires_at', title: '到期时间', render: 'datetime', sorter: true },
  ],
  filters: [{ field: 'status', label: '状态', type: 'enum', enumId: 'status:image-package', operator: 'eq' }],
  canCreate: false,
  canEdit: false,
  canDelete: false,
  parent: 'account',
};

/** Images downloaded under a package (图片下载记录, /account/imageDownload); each may be fetched again for free. */
export const imageDownloads: ResourceDef = {
  name: 'image-downloads',
  apiPath: 'user/image-downloads',
  title: '图片下载记录',
  noun: '下载记录',
  listPath: '/account/imageDownload',
  columns: [
    { dataIndex: 'id', title: '下载编号', width: 90 },
    { dataIndex: 'title', title: '图片' },
    { dataIndex: 'material_id', title: '图片编号' },
    { dataIndex: 'package_title', title: '使用套餐' },
    { dataIndex: 'created_at', title: '下载时间', render: 'datetime', sorter: true },
  ],
  filters: [{ field: 'created_at', label: '下载时间', type: 'dateRange', operator: 'between' }],
  canCreate: false,
  canEdit: false,
  canDelete: false,
  rowActions: [{ action: 'file', label: '再次下载', kind: 'download' }],
  parent: 'account',
};

/** Invoices of image-package orders (图片发票, /account/imgticket): the invoice form, those orders only. */
export const imageInvoices: ResourceDef = {
  ...invoices,
  name: 'image-invoices',
  apiPath: 'user/image-invoice',
  title: '图片发票',
  noun: '发票',
  listPath: '/account/imgticket',
  showPath: '/account/ticket/detail?kind=image&id=:id',
};
