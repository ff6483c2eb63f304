import type { ResourceDef } from './types';

/** Creator sales (销售记录): one earnings-ledger row per sold licence of the creator's works; read only. */
export const sales: ResourceDef = {
  name: 'sales',
  apiPath: 'creator/sales',
  title: '销售记录',
  noun: '销售记录',
  listPath: '/creator/sales',
  columns: [
    { dataIndex: 'title', title: '作品' },
    { dataIndex: 'scenario', title: '授权场景', render: 'enum:lumen:licence/use-cases', optional: true },
    { dataIndex: 'buyerType', title: '买家类型', render: 'enum:owner-type', optional: true, width: 90 },
    { dataIndex: 'grossCents', title: '实付金额', render: 'money', sorter: true },
    { dataIndex: 'sharePercent', title: '分成比例', render: 'percent', optional: true, width: 90 },
    { dataIndex: 'amountCents', title: '分成收益', render: 'money', sorter: true },
    { dataIndex: 'state', title: '状态', render: 'status:earning', width: 90 },
    { dataIndex: 'createdAt', title: '入账时间', render: 'datetime', sorter: true },
  ],
  filters: [
    { field: 'state', label: '状态', type: 'enum', enumId: 'status:earning', operator: 'eq' },
    { field: 'scenario', label: '授权场景', type: 'enum', enumId: 'lumen:licence/use-cases', operator: 'eq' },
    { field: 'buyerType', label: '买家类型', type: 'enum', enumId: 'owner-type', operator: 'eq' },
    { field: 'createdAt', label: '入账时间', type: 'dateRange', operator: 'between' },
  ],
  searchField: 'title',
  canCreate: false,
  canEdit: false,
  canDelete: false,
  parent: 'creator',
};
