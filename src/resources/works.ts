import type { ResourceDef } from './types';
import enumsWorkEvent from '../schemas/enums/work-event.json';
import { tableLabel } from '../schemas/registry';

/**
 * A creator's own materials (core `materials` rows with owner_id = the creator). Editing a work on
 * sale proposes a revision (revision_status, lumen:status/work-revision) that staff review while the
 * approved version stays on sale; the work's detail page shows it with the review timeline.
 */
export const works: ResourceDef = {
  name: 'works',
  apiPath: 'user/works',
  title: '作品管理',
  noun: '作品',
  listPath: '/creator/works',
  schemaId: 'lumen:forms/work',
  columns: [
    { dataIndex: 'id', title: '作品ID', width: 90 },
    { dataIndex: 'title', title: '作品标题' },
    { dataIndex: 'type', title: '素材类型', render: 'enum:material-type' },
    { dataIndex: 'status', title: '状态', render: 'status:work', sorter: true },
    { dataIndex: 'revision_status', title: '修改', render: 'status:work-revision', optional: true },
    { dataIndex: 'price_cents', title: '价格', render: 'money', sorter: true },
    { dataIndex: 'downloads', title: '下载', sorter: true },
    { dataIndex: 'created_at', title: '上传时间', render: 'datetime', sorter: true },
  ],
  filters: [
    { field: 'status', label: '状态', type: 'enum', enumId: 'status:work', operator: 'eq' },
    { field: 'type', label: '类型', type: 'enum', enumId: 'material-type', operator: 'eq' },
    { field: 'created_at', label: '上传时间', type: 'dateRange', operator: 'between' },
  ],
  searchField: 'title',
  canCreate: false, // works are created by the upload pages (/creator/upload)
  canEdit: true,
  canDelete: false,
  // Under review (4, 5) is locked; a work on sale takes edits as a revision, others directly.
  editableStatus: [0, 1, 2, 3, 9, 10, 11],
  // Action names are the work events they record (lumen:enums/work-event).
  rowActions: [
    { action: 'submit', label: tableLabel(enumsWorkEvent, 'submit'), whenStatus: [3, 9, 10] },
    {
      action: 'takedown',
      label: tableLabel(enumsWorkEvent, 'takedown'),
      whenStatus: [1],
      confirm: '下架后买家将无法购买该作品，确定下架吗？',
    },
    { action: 'relist', label: tableLabel(enumsWorkEvent, 'relist'), whenStatus: [2] },
    { action: 'appeal', label: '申诉', whenStatus: [3], kind: 'form', schemaId: 'lumen:forms/work-appeal' },
    {
      action: 'submit',
      label: tableLabel(enumsWorkEvent, 'revision_submit'),
      whenField: 'revision_status',
      whenStatus: [10],
    },
    {
      action: 'appeal',
      label: '对修改驳回申诉',
      whenField: 'revision_status',
      whenStatus: [3],
      kind: 'form',
      schemaId: 'lumen:forms/work-appeal',
    },
    {
      action: 'withdraw-revision',
      label: tableLabel(enumsWorkEvent, 'revision_withdraw'),
      whenField: 'revision_status',
      whenStatus: [0, 10],
      confirm: '撤回后买家看到的仍是当前在售版本，确定撤回修改吗？',
    },
  ],
  parent: 'creator',
};
