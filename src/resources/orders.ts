import type { ResourceDef } from './types';

/**
 * My material orders (/account/order), drawn by the generic list/show views over
 * GET /api/order/list and GET /api/order/{id}; pending orders can be paid (/pay) or cancelled
 * (POST /api/order/{id}/cancel, which releases the coupon).
 */
export const orders: ResourceDef = {
  name: 'orders',
  apiPath: 'order',
  title: '我的订单',
  noun: '订单',
  listPath: '/account/order',
  schemaId: 'lumen:forms/order',
  columns: [
    { dataIndex: 'orderNo', title: '订单号' },
    { dataIndex: 'itemTitles', title: '素材' },
    { dataIndex: 'subtotalCents', title: '商品金额', render: 'money' },
    { dataIndex: 'discountCents', title: '优惠', render: 'money' },
    { dataIndex: 'amountCents', title: '实付金额', render: 'money', sorter: true },
    { dataIndex: 'payMethod', title: '支付方式', render: 'enum:lumen:licence/pay-method' },
    { dataIndex: 'status', title: '状态', render: 'status:order' },
    // A payment that arrived after the order closed grants nothing and is refunded.
    { dataIndex: 'refundStatus', title: '退款', render: 'enum:lumen:status/refund', width: 80 },
    { dataIndex: 'createdAt', title: '下单时间', render: 'datetime', sorter: true },
  ],
  filters: [
    { field: 'status', label: '状态', type: 'enum', enumId: 'status:order', operator: 'eq' },
    { field: 'payMethod', label: '支付方式', type: 'enum', enumId: 'lumen:licence/pay-method', operator: 'eq' },
  ],
  searchField: 'orderNo',
  canCreate: false,
  canEdit: false,
  canDelete: false,
  rowActions: [
    // Resumes payment on the /pay page (it reads ?orderId=) until the order expires.
    { action: 'pay', label: '去支付', whenStatus: ['pending'], kind: 'link', to: '/pay?orderId={id}' },
    { action: 'cancel', label: '取消订单', whenStatus: ['pending'], confirm: '确定取消该订单吗？优惠券将退回。' },
  ],
  parent: 'account',
};
