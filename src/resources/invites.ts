import type { ResourceDef } from './types';

/** Users registered through the user's invite links (邀请记录, /account/invited). */
export const invitedUsers: ResourceDef = {
  name: 'invited',
  apiPath: 'user/invited',
  title: '邀请记录',
  noun: '邀请',
  listPath: '/account/invited',
  columns: [
    { dataIndex: 'name', title: '好友' },
    { dataIndex: 'phone', title: '手机号' },
    { dataIndex: 'owner_type', title: '账号类型', render: 'enum:owner-type' },
    { dataIndex: 'created_at', title: '注册时间', render: 'datetime', sorter: true },
    { dataIndex: 'status', title: '状态', render: 'status:invitee' },
    { dataIndex: 'reward_cents', title: '邀请奖励', render: 'money', optional: true },
  ],
  filters: [{ field: 'status', label: '状态', type: 'enum', enumId: 'status:invitee', operator: 'eq' }],
  canCreate: false,
  canEdit: false,
  canDelete: false,
  parent: 'account',
};
