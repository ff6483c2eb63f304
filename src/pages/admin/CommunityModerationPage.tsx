import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, App, Button, Card, Empty, Input, Modal, Popconfirm, Skeleton, Space, Table, Tabs, Tag } from 'antd';
import { SchemaFormModal } from '../../components/schema-form/SchemaFormModal';
import { formatDateTime, formatMoney } from '../../resources/views/cells';
import { useLoad } from '../content/use-load';
import { fetchDisputes, fetchModeration, moderate, resolveDispute } from '../community/community-api';
import { StaffNav } from './StaffNav';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const REASONS: Record<string, string> = {
  infringement: '侵权',
  vulgar: '色情低俗',
  advert: '广告',
  abuse: '辱骂',
  other: '其他',
};
const reasonText = (r: string) => {
  const [code, ...rest] = r.split('：');
  return (REASONS[code] ?? code) + (rest.length ? `：${rest.join('：')}` : '');
};

/** /admin/community: reported posts and comments (hide, dismiss, restore) and demand disputes (release or refund); every decision is audit-logged. */
export default function CommunityModerationPage() {
  const { message } = App.useApp();
  const mod = useLoad(fetchModeration, []);
  const disputes = useLoad(fetchDisputes, []);
  const [hiding, setHiding] = useState<{ target: 'post' | 'comment'; id: number } | null>(null);
  const [deciding, setDeciding] = useState<{ id: number; outcome: 'release' | 'refund' } | null>(null);
  const [note, setNote] = useState('');
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      message.success(ok);
      await Promise.all([mod.reload(), disputes.reload()]);
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const err = mod.error ?? disputes.error;
  return (
    <div style={{ maxWidth: 1200, margin: '16px auto', padding: '0 16px' }}>
      <StaffNav />
      <Card title="社区管理">
        {err?.code === 403 ? (
          <Alert type="error" showIcon message="没有权限" />
        ) : err ? (
          <LoadFailed error={err} retry={() => void Promise.all([mod.reload(), disputes.reload()])} />
        ) : !mod.data || !disputes.data ? (
          <Skeleton active />
        ) : (
          <Tabs
            items={[
              {
                key: 'reports',
                label: `举报处理（${mod.data.reports.length}）`,
                children: mod.data.reports.length ? (
                  <Table
                    rowKey={(r) => `${r.targetType}-${r.targetId}`}
                    size="small"
                    dataSource={mod.data.reports}
                    pagination={false}
                    data-testid="reports"
                    columns={[
                      {
                        title: '内容',
                        key: 'c',
                        render: (_, r) => (
                          <Space>
                            <Tag>{r.targetType === 'post' ? '作品帖' : '评论'}</Tag>
                            <Link to={`/community/post/${r.postId}`}>{r.excerpt}</Link>
                          </Space>
                        ),
                      },
                      { title: '作者', dataIndex: 'authorName' },
                      {
                        title: '举报',
                        key: 'n',
                        render: (_, r) => (
                          <>
                            {r.reports} 次 · {r.reasons.map(reasonText).join('；')}
                          </>
                        ),
                      },
                      { title: '首次举报', dataIndex: 'firstAt', render: formatDateTime },
                      {
                        title: '操作',
                        key: 'op',
                        render: (_, r) => (
                          <Space>
                            {r.status === 'visible' && (
                              <Button
                                danger
                                size="small"
                                onClick={() => setHiding({ target: r.targetType, id: r.targetId })}
                              >
                                隐藏
                              </Button>
                            )}
                            <Popconfirm
                              title="驳回这些举报？内容保持可见"
                              onConfirm={() => act(() => moderate(r.targetType, r.targetId, 'dismiss'), '已驳回举报')}
                            >
                              <Button size="small">驳回</Button>
                            </Popconfirm>
                          </Space>
                        ),
                      },
                    ]}
                  />
                ) : (
                  <Empty description="没有待处理的举报" />
                ),
              },
              {
                key: 'hidden',
                label: `已隐藏（${mod.data.hidden.length}）`,
                children: mod.data.hidden.length ? (
                  <Table
                    rowKey="id"
                    size="small"
                    dataSource={mod.data.hidden}
                    pagination={false}
                    columns={[
                      {
                        title: '作品帖',
                        key: 't',
                        render: (_, p) => <Link to={`/community/post/${p.id}`}>{p.title}</Link>,
                      },
                      { title: '作者', dataIndex: 'authorName' },
                      { title: '原因', dataIndex: 'hiddenReason' },
                      {
                        title: '操作',
                        key: 'op',
                        render: (_, p) => (
                          <Popconfirm
                            title="恢复显示该作品帖？"
                            onConfirm={() => act(() => moderate('post', p.id, 'restore'), '已恢复')}
                          >
                            <Button size="small">恢复</Button>
                          </Popconfirm>
                        ),
                      },
                    ]}
                  />
                ) : (
                  <Empty description="没有已隐藏的作品帖" />
                ),
              },
              {
                key: 'disputes',
                label: `需求仲裁（${disputes.data.length}）`,
                children: disputes.data.length ? (
                  <Table
                    rowKey="id"
                    size="small"
                    dataSource={disputes.data}
                    pagination={false}
                    data-testid="disputes"
                    columns={[
                      {
                        title: '需求',
                        key: 't',
                        render: (_, d) => <Link to={`/community/demands/${d.id}`}>{d.title}</Link>,
                      },
                      { title: '托管金额', dataIndex: 'priceCents', render: formatMoney },
                      {
                        title: '是否已交付',
                        key: 'dl',
                        render: (_, d) => (d.deliveredMaterialId ? `已交付作品 #${d.deliveredMaterialId}` : '未交付'),
                      },
                      { title: '争议说明', dataIndex: 'disputeReason' },
                      {
                        title: '裁决',
                        key: 'op',
                        render: (_, d) => (
                          <Space>
                            <Button
                              size="small"
                              type="primary"
                              onClick={() => {
                                setNote('');
                                setDeciding({ id: d.id, outcome: 'release' });
                              }}
                            >
                              放款给创作者
                            </Button>
                            <Button
                              size="small"
                              danger
                              onClick={() => {
                                setNote('');
                                setDeciding({ id: d.id, outcome: 'refund' });
                              }}
                            >
                              退款给买家
                            </Button>
                          </Space>
                        ),
                      },
                    ]}
                  />
                ) : (
                  <Empty description="没有待仲裁的需求" />
                ),
              },
            ]}
          />
        )}
      </Card>
      <SchemaFormModal
        open={!!hiding}
        title="隐藏内容"
        schemaId="lumen:forms/community-hide"
        okText="隐藏"
        danger
        onCancel={() => setHiding(null)}
        onSubmit={async (form) => {
          await moderate(hiding!.target, hiding!.id, 'hide', form);
          message.success('已隐藏');
          setHiding(null);
          await mod.reload();
        }}
      />
      <Modal
        open={!!deciding}
        title={deciding?.outcome === 'release' ? '裁决：放款给创作者' : '裁决：退款给买家'}
        okText="确认裁决"
        okButtonProps={{ disabled: note.trim().length < 2 }}
        onCancel={() => setDeciding(null)}
        onOk={() =>
          act(async () => {
            await resolveDispute(deciding!.id, deciding!.outcome, note.trim());
            setDeciding(null);
          }, '已裁决')
        }
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder="裁决说明（双方可见，至少2个字）"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </div>
  );
}
