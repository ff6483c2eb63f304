import type { ResourceDef } from './types';

const columns: ResourceDef['columns'] = [
  { dataIndex: 'id', title: '登记编号', width: 90 },
  { dataIndex: 'work_name', title: '作品名称' },
  { dataIndex: 'work_category', title: '作品类别', render: 'enum:work-category' },
  { dataIndex: 'ownership', title: '权利归属', render: 'enum:ownership-type' },
  { dataIndex: 'status', title: '状态', render: 'status:registration', sorter: true },
  { dataIndex: 'registration_no', title: '登记号', optional: true },
  { dataIndex: 'created_at', title: '申请时间', render: 'datetime', sorter: true },
];
const filters: ResourceDef['filters'] = [
  { field: 'status', label: '状态', type: 'enum', enumId: 'status:registration', operator: 'eq' },
  { field: 'work_category', label: '作品类别', type: 'enum', enumId: 'work-category', operator: 'eq' },
  { field: 'created_at', label: '申请时间', type: 'dateRange', operator: 'between' },
];
const shared = {
  columns,
  filters,
  searchField: 'work_name',
  multipart: true,
  canCreate: true,
  canEdit: true,
  canDelete: false,
  // Submitted or returned for correction; editing resubmits.
  editableStatus: [0, 3],
  rowActions: [
    { action: 'withdraw', label: '撤回申请', whenStatus: [0, 3], confirm: '确定撤回该登记申请吗？服务额度将退回。' },
    { action: 'certificate', label: '下载证书', whenStatus: [2], kind: 'download' },
    {
      action: 'view-certificate',
      label: '证书查验',
      whenStatus: [2],
      kind: 'link',
      to: '/certifiy/copyright/register/{id}',
    },
  ],
  parent: 'cyprotect',
} satisfies Partial<ResourceDef>;

/** Copyright registrations (作品著作权登记). */
export const registrations: ResourceDef = {
  name: 'registrations',
  apiPath: 'protection/registration',
  title: '版权登记',
  noun: '版权登记',
  listPath: '/cyprotect/myregister',
  schemaId: 'lumen:forms/registration',
  draft: true,
  ...shared,
};

/** DCI registrations (数字版权唯一标识登记). */
export const dciRegistrations: ResourceDef = {
  name: 'dci-registrations',
  apiPath: 'protection/dci',
  title: 'DCI登记',
  noun: 'DCI登记',
  listPath: '/cyprotect/mydciregister',
  schemaId: 'lumen:forms/dci-registration',
  draft: true,
  ...shared,
};
