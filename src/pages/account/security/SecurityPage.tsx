import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Empty, List, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { renderCell } from '../../../resources/views/cells';
import { SchemaFormModal } from '../../../components/schema-form/SchemaFormModal';
import { usePageData } from '../use-page-data';
import { PhoneChangeModal } from './PhoneChangeModal';
import {
  changePassword,
  fetchLogins,
  fetchSecurity,
  fetchSessions,
  revokeOthers,
  revokeSession,
  type SessionView,
} from './security-api';
import { LoadFailed } from '../../../components/feedback/LoadFailed';
import { WebhooksPanel } from './webhooks/WebhooksPanel';
import { DeveloperPanel } from './developer/DeveloperPanel';
import { PageDataState } from '../PageDataState';

const PAGE_SIZE = 10;
const loadSecurity = async () => {
  const [state, sessions] = await Promise.all([fetchSecurity(), fetchSessions()]);
  return { state, sessions };
};

/**
 * /account/security: one tab per concern (`?tab=` opens one): 账户安全 (password, phone and WeChat
 * state, signed-in devices, login history), 开发者 (API keys and their calls) and Webhook.
 */
export default function SecurityPage() {
  const [params, setParams] = useSearchParams();
  const items = [
    { key: 'security', label: '账户安全', children: <AccountSecurity /> },
    { key: 'developer', label: '开发者', children: <DeveloperPanel /> },
    { key: 'webhooks', label: 'Webhook', children: <WebhooksPanel /> },
  ];
  return (
    <Tabs
      activeKey={items.some((i) => i.key === params.get('tab')) ? params.get('tab')! : 'security'}
      onChange={(tab) => setParams(tab === 'security' ? {} : { tab }, { replace: true })}
      items={items}
      destroyInactiveTabPane
    />
  );
}

/** Password, phone and WeChat state, signed-in devices (revocable), login history. */
function AccountSecurity() {
  const { data, error, version: historyKey, load, run, message } = usePageData(loadSecurity);
  const [pwOpen, setPwOpen] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);

  if (error || !data) return <PageDataState what="账户安全信息" error={error} retry={() => void load()} />;
  const { state, sessions } = data;
  const others = sessions.filter((s) => !s.current).length;

  return (
    <>
      <Card title="账户安全">
        <List
          itemLayout="horizontal"
          dataSource={[
            {
              key: 'pw',
              title: '登录密码',
              desc: state.hasPassword ? '已设置，建议定期更换' : '未设置，设置后可使用账号密码登录',
              action: <Button onClick={() => setPwOpen(true)}>{state.hasPassword ? '修改密码' : '设置密码'}</Button>,
            },
            {
              key: 'phone',
              title: '绑定手机',
              desc: state.phone ? `已绑定 ${state.phone}，用于短信登录与安全验证` : '未绑定手机号',
              action: (
                <Space>
                  <Tag color={state.phone ? 'green' : 'default'}>{state.phone ? '已绑定' : '未绑定'}</Tag>
                  <Button onClick={() => setPhoneOpen(true)}>{state.phone ? '更换手机号' : '绑定手机号'}</Button>
                </Space>
              ),
            },
            {
              key: 'wechat',
              title: '微信',
              desc: state.wechatBound ? '已绑定，可使用微信扫码登录' : '未绑定，使用微信扫码登录后将自动绑定',
              action: (
                <Tag color={state.wechatBound ? 'green' : 'default'}>{state.wechatBound ? '已绑定' : '未绑定'}</Tag>
              ),
            },
          ]}
          renderItem={(i) => (
            <List.Item actions={[i.action]}>
              <List.Item.Meta title={i.title} description={i.desc} />
            </List.Item>
          )}
        />
      </Card>
      <Card
        title="登录设备"
        style={{ marginTop: 16 }}
        extra={
          others > 0 && (
            <Popconfirm title={`确定退出其他 ${others} 处登录？`} onConfirm={() => run(revokeOthers, '已退出其他设备')}>
              <Button danger size="small">
                退出其他所有设备
              </Button>
            </Popconfirm>
          )
        }
      >
        <Table<SessionView>
          rowKey="id"
          dataSource={sessions}
          pagination={false}
          locale={{ emptyText: <Empty description="暂无登录设备" /> }}
          columns={[
            {
              title: '设备',
              dataIndex: 'device',
              render: (v, r) => (
                <>
                  {v} {r.current && <Tag color="blue">当前设备</Tag>}
                </>
              ),
            },
            { title: 'IP', dataIndex: 'ip', render: (v) => v ?? '-' },
            { title: '登录时间', dataIndex: 'createdAt', render: (v) => renderCell('datetime', v) },
            { title: '最近活动', dataIndex: 'lastSeenAt', render: (v) => renderCell('datetime', v) },
            {
              title: '操作',
              key: 'op',
              render: (_, r) =>
                r.current ? (
                  <Typography.Text type="secondary">-</Typography.Text>
                ) : (
                  <Popconfirm
                    title="确定让该设备退出登录？"
                    onConfirm={() => run(() => revokeSession(r.id), '已退出该设备')}
                  >
                    <Button size="small">退出</Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </Card>
      <LoginHistory key={historyKey} />
      <PhoneChangeModal
        open={phoneOpen}
        hasPassword={state.hasPassword}
        onClose={() => setPhoneOpen(false)}
        onChanged={(msg) => {
          setPhoneOpen(false);
          message.success(msg);
          void load();
        }}
      />
      <SchemaFormModal
        open={pwOpen}
        schemaId="lumen:forms/password-change"
        title={state.hasPassword ? '修改登录密码' : '设置登录密码'}
        okText="确认"
        onCancel={() => setPwOpen(false)}
        onSubmit={async (form) => {
          const r = await changePassword(form);
          setPwOpen(false);
          message.success(r.endedSessions ? `密码已修改，其他 ${r.endedSessions} 处登录已退出` : '密码已修改');
          await load();
        }}
      />
    </>
  );
}

function LoginHistory() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: SessionView[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    fetchLogins(page, PAGE_SIZE).then(setData, (e: Error) => setError(e.message));
  }, [page]);
  return (
    <Card title="登录记录" style={{ marginTop: 16 }}>
      {error && <LoadFailed what="登录记录" error={error} />}
      <Table<SessionView>
        rowKey="id"
        loading={!data && !error}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无登录记录" /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '登录时间', dataIndex: 'createdAt', render: (v) => renderCell('datetime', v) },
          { title: '设备', dataIndex: 'device' },
          { title: 'IP', dataIndex: 'ip', render: (v) => v ?? '-' },
          {
            title: '状态',
            key: 'state',
            render: (_, r) =>
              r.current ? (
                <Tag color="blue">当前</Tag>
              ) : r.revokedAt ? (
                <Tag>已退出</Tag>
              ) : new Date(r.expiresAt) < new Date() ? (
                <Tag>已过期</Tag>
              ) : (
                <Tag color="green">有效</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}
