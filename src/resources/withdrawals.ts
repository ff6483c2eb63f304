import type { ResourceDef } from './types';

/** Creator earnings withdrawals (收益提现). */
export const withdrawals: ResourceDef = {
  name: 'withdrawals',
  apiPath: 'user/withdrawal',
  title: '收益提现',
  noun: '提现申请',
  listPath: '/creator/withdraw',
  // One withdrawal with its status history (src/pages/creator/WithdrawDetail.tsx).
  showPath: '/creator/withdraw/detail?id=:id',
  schemaId: 'lumen:forms/withdrawal',
  columns: [
    { dataIndex: 'id', title: '提现编号', width: 90 },
    { dataIndex: 'amount_cents', title: '提现金额', render: 'money', sorter: true },
    { dataIndex: 'account_name', title: '收款人' },
    { dataIndex: 'account_no', title: '收款账号' },
    { dataIndex: 'status', title: '状态', render: 'status:withdrawal' },
    { dataIndex: 'reject_reason', title: '驳回原因', optional: true },
    { dataIndex: 'created_at', title: '申请时间', render: 'datetime', sorter: true },
  ],
  filters: [
    { field: 'status', label: '状态', type: 'enum', enumId: 'status:withdrawal', operator: 'eq' },
    { field: 'created_at', label: '申请时间', type: 'dateRange', operator: 'between' },
  ],
  canCreate: true,
  canEdit: false, // money requests are cancelled and re-requested, never edited
  canDelete: false,
  rowActions: [{ action: 'cancel', label: '取消提现', whenStatus: [0], confirm: '确定取消该提现申请吗？' }],
  parent: 'creator',
};
