import type { ResourceDef } from './types';

/** Evidence deposits: an uploaded file hashed into the tamper-evident ledger, with a certificate. */
export const deposits: ResourceDef = {
  name: 'deposits',
  apiPath: 'protection/deposit',
  title: '我的存证',
  noun: '存证',
  listPath: '/cyprotect/mydeposit',
  schemaId: 'lumen:forms/deposit',
  draft: true,
  multipart: true,
  columns: [
    { dataIndex: 'cert_no', title: '证书编号' },
    { dataIndex: 'work_name', title: '作品名称' },
    { dataIndex: 'work_category', title: '作品类别', render: 'enum:work-category' },
    { dataIndex: 'file_name', title: '文件' },
    { dataIndex: 'sha256', title: '文件哈希(SHA-256)' },
    { dataIndex: 'status', title: '状态', render: 'status:evidence-deposit' },
    { dataIndex: 'created_at', title: '存证时间', render: 'datetime', sorter: true },
  ],
  filters: [
    { field: 'status', label: '状态', type: 'enum', enumId: 'status:evidence-deposit', operator: 'eq' },
    { field: 'work_category', label: '作品类别', type: 'enum', enumId: 'work-category', operator: 'eq' },
    { field: 'created_at', label: '存证时间', type: 'dateRange', operator: 'between' },
  ],
  searchField: 'work_name',
  canCreate: true,
  canEdit: false, // a deposit is evidence: it is never edited
  canDelete: false,
  rowActions: [
    { action: 'certificate', label: '下载证书', kind: 'download', whenStatus: [1] },
    { action: 'verify', label: '链上校验', whenStatus: [1] },
  ],
  parent: 'cyprotect',
};
