import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { renderCell } from '../../../../resources/views/cells';
import { usePageData } from '../../use-page-data';
import { scopeLabel } from '../../../../schemas/api-keys/scopes';
import { apiKeySchema } from '../../../../schemas/api-keys/responses';
import { CreateKeyModal } from './CreateKeyModal';
import { KeyCallsTable } from './KeyCallsTable';
import { fetchKeys, revokeKey, type ApiKeyView } from './developer-api';
import { PageDataState } from '../../PageDataState';

const STATUS_COLOR = { active: 'green', expired: 'default', revoked: 'red' } as const;
const STATUS_LABEL = apiKeySchema.properties.status['x-enum-labels'];

/** The 开发者 tab of /account/security: API keys (create, list, revoke) and the calls made with them. */
export function DeveloperPanel() {
  const { data, error, version, load, run } = usePageData(fetchKeys);
  const [creating, setCreating] = useState(false);

  if (error) return <PageDataState what="API 密钥" error={error} retry={() => void load()} />;
  return (
    <>
      <Card
        title="API 密钥"
        extra={
          <Space>
            <Link to="/developer">开发者文档</Link>
            <Button type="primary" onClick={() => setCreating(true)}>
              创建密钥
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">
          使用 API 密钥，您的系统可以通过开放接口 <code>/api/v1</code>{' '}
          检索素材、购买授权、下载原文件、存证与处理监测结果。 企业主账号可在此查看并吊销子账号的密钥。
        </Typography.Paragraph>
        {!data ? (
          <Skeleton active />
        ) : (
          <Table<ApiKeyView>
            rowKey="id"
            dataSource={data}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: <Empty description="还没有 API 密钥" /> }}
            columns={[
              { title: '名称', dataIndex: 'name' },
              { title: '前缀', dataIndex: 'prefix', render: (v) => <code>{v}…</code> },
              { title: '所属账号', dataIndex: 'ownerName' },
              {
                title: '权限',
                dataIndex: 'scopes',
                render: (v: string[]) => v.map((s) => <Tag key={s}>{scopeLabel(s)}</Tag>),
              },
              {
                title: '最近使用',
                dataIndex: 'lastUsedAt',
                render: (v) => (v ? renderCell('datetime', v) : '从未使用'),
              },
              {
                title: '过期时间',
                dataIndex: 'expiresAt',
                render: (v) => (v ? renderCell('datetime', v) : '长期有效'),
              },
              {
                title: '状态',
                dataIndex: 'status',
                render: (v: ApiKeyView['status']) => <Tag color={STATUS_COLOR[v]}>{STATUS_LABEL[v]}</Tag>,
              },
              {
                title: '操作',
                key: 'op',
                render: (_, r) =>
                  r.status === 'revoked' ? (
                    <Typography.Text type="secondary">-</Typography.Text>
                  ) : (
                    <Popconfirm
                      title={`确定吊销密钥「${r.name}」？`}
                      description="吊销后使用该密钥的请求将立即被拒绝，且无法恢复。"
                      okText="吊销"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => run(() => revokeKey(r.id), '密钥已吊销')}
                    >
                      <Button danger size="small">
                        吊销
                      </Button>
                    </Popconfirm>
                  ),
              },
            ]}
          />
        )}
      </Card>
      <KeyCallsTable refreshKey={version} />
      <CreateKeyModal
        open={creating}
        onClose={(created) => {
          setCreating(false);
          if (created) void load();
        }}
      />
    </>
  );
}
