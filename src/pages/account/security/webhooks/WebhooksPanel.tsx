import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { renderCell } from '../../../../resources/views/cells';
import { SchemaFormModal } from '../../../../components/schema-form/SchemaFormModal';
import { WEBHOOK_FORM_ID, WEBHOOK_LIMITS, webhookEventLabel } from '../../../../schemas/webhooks';
import { usePageData } from '../../use-page-data';
import { SecretModal } from './SecretModal';
import { DeliveriesDrawer } from './DeliveriesDrawer';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  rotateSecret,
  sendTestEvent,
  setEnabled,
  updateEndpoint,
  type WebhookEndpoint,
} from './webhooks-api';
import { PageDataState } from '../../PageDataState';

/**
 * The 「Webhook」 tab of /account/security: the account's endpoints (add, edit events, enable,
 * delete, rotate the secret, send a test event), the secret shown once, and each endpoint's
 * deliveries with their attempts and 重新发送 in a drawer.
 */
export function WebhooksPanel() {
  const { data, error, load, run, message } = usePageData(listEndpoints);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [watching, setWatching] = useState<WebhookEndpoint | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  if (error || !data) return <PageDataState what="Webhook " error={error} retry={() => void load()} />;

  const test = async (e: WebhookEndpoint) => {
    try {
      await sendTestEvent(e.id);
      message.success('测试事件已加入投递队列');
      setWatching(e);
      setReloadKey((k) => k + 1);
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  return (
    <Card
      title="Webhook"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          添加地址
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        订阅的事件发生时，流明向您的地址 POST 一个带签名的 JSON；未在 {WEBHOOK_LIMITS.attemptTimeoutMs / 1000} 秒内返回
        2xx 的推送会按退避间隔重试，最多 {WEBHOOK_LIMITS.maxAttempts} 次。请用签名密钥校验
        Lumen-Webhook-Signature，并按事件编号去重。
      </Typography.Paragraph>
      <Table<WebhookEndpoint>
        rowKey="id"
        dataSource={data}
        pagination={false}
        locale={{ emptyText: <Empty description="还没有 Webhook 地址" /> }}
        columns={[
          {
            title: '接收地址',
            dataIndex: 'url',
            render: (v: string, e) => (
              <Space direction="vertical" size={0}>
                <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                  {v}
                </Typography.Text>
                {e.description && <Typography.Text type="secondary">{e.description}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: '订阅事件',
            dataIndex: 'events',
            render: (v: string[]) => v.map((t) => <Tag key={t}>{webhookEventLabel(t)}</Tag>),
          },
          {
            title: '启用',
            dataIndex: 'enabled',
            render: (v: boolean, e) => (
              <Switch
                checked={v}
                aria-label={`启用 ${e.url}`}
                onChange={(on) => run(() => setEnabled(e.id, on), on ? '已启用' : '已停用')}
              />
            ),
          },
          {
            title: '密钥',
            dataIndex: 'secretHint',
            render: (v: string) => <Typography.Text code>…{v}</Typography.Text>,
          },
          { title: '创建时间', dataIndex: 'createdAt', render: (v) => renderCell('datetime', v) },
          {
            title: '操作',
            key: 'op',
            render: (_, e) => (
              <Space wrap>
                <Button size="small" onClick={() => setWatching(e)}>
                  投递记录
                </Button>
                <Button size="small" onClick={() => void test(e)} disabled={!e.enabled}>
                  发送测试事件
                </Button>
                <Button size="small" onClick={() => setEditing(e)}>
                  编辑
                </Button>
                <Popconfirm
                  title="更换后旧密钥立即失效，确定更换？"
                  onConfirm={async () => {
                    try {
                      setSecret((await rotateSecret(e.id)).secret);
                    } catch (err) {
                      message.error((err as Error).message);
                    }
                    await load();
                  }}
                >
                  <Button size="small">更换密钥</Button>
                </Popconfirm>
                <Popconfirm
                  title="删除后不再推送，投递记录一并删除，确定删除？"
                  onConfirm={() => run(() => deleteEndpoint(e.id), '已删除')}
                >
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <SchemaFormModal
        open={editing !== null}
        schemaId={WEBHOOK_FORM_ID}
        title={editing === 'new' ? '添加 Webhook 地址' : '编辑 Webhook 地址'}
        okText="保存"
        initialData={
          editing && editing !== 'new'
            ? { url: editing.url, events: editing.events, description: editing.description }
            : { events: [] }
        }
        narrow={(s) =>
          editing && editing !== 'new'
            ? { ...s, properties: { ...s.properties, url: { ...s.properties.url, readOnly: true } } }
            : s
        }
        onCancel={() => setEditing(null)}
        onSubmit={async (form) => {
          if (editing === 'new') setSecret((await createEndpoint(form)).secret);
          else if (editing) {
            await updateEndpoint(editing.id, form);
            message.success('已保存');
          }
          setEditing(null);
          await load();
        }}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesDrawer endpoint={watching} reloadKey={reloadKey} onClose={() => setWatching(null)} />
    </Card>
  );
}
