import type { ResourceDef } from './types';

/** My notarization applications (/cyprotect/myjustice): one evidence item each, progressed by the notary office. */
export const notarizations: ResourceDef = {
  name: 'notarizations',
  apiPath: 'protection/notarization',
  title: '司法公证',
  noun: '公证申请',
  listPath: '/cyprotect/myjustice',
  schemaId: 'lumen:forms/notarization',
  columns: [
    { dataIndex: 'id', title: '申请编号', width: 90 },
    { dataIndex: 'evidence_title', title: '证据名称' },
    { dataIndex: 'status', title: '状态', render: 'status:notarization', sorter: true },
    { dataIndex: 'certificate_no', title: '公证书编号', optional: true },
    { dataIndex: 'created_at', title: '申请时间', render: 'datetime', sorter: true },
  ],
  filters: [{ field: 'status', label: '状态', type: 'enum', enumId: 'status:notarization', operator: 'eq' }],
  searchField: 'evidence_title',
  canCreate: true,
  canEdit: false,
  canDelete: false,
  rowActions: [
    {
      action: 'supplement',
      label: '补充材料',
      whenStatus: [2],
      kind: 'form',
      schemaId: 'lumen:forms/notarization-supplement',
    },
    { action: 'certificate', label: '下载公证书', whenStatus: [3], kind: 'download' },
    { action: 'withdraw', label: '撤回申请', whenStatus: [0], confirm: '确定撤回该公证申请吗？服务额度将退回。' },
  ],
  parent: 'cyprotect',
};
