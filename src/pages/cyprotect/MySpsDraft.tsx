import { App, Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../resources/views/cells';
import { deleteDraft, listDrafts, type DraftSummary } from '../../components/drafts/drafts-api';
import { useLoad } from '../content/use-load';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const daysLeft = (iso: string) => Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 86_400_000));

/** /cyprotect/myspsdraft: autosaved drafts of copyright-service applications — resume, delete, see when each expires. */
export default function MySpsDraft() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { data, error, loading, reload } = useLoad(listDrafts, []);
  const resume = (d: DraftSummary) => {
    const to = data?.forms[d.formId]?.resume;
    if (to) navigate(`${to}${to.includes('?') ? '&' : '?'}draft=${d.id}`);
  };
  const remove = async (d: DraftSummary) => {
    try {
      await deleteDraft(d.id);
      message.success('草稿已删除');
      await reload();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Card title="草稿箱">
      <Typography.Paragraph type="secondary">
        填写版权存证、版权登记、DCI 登记等申请时，内容会自动保存为草稿（附件除外）。草稿自最后一次修改起保存{' '}
        {data?.ttlDays ?? '-'} 天，最多 {data?.maxPerUser ?? '-'} 份，过期后自动删除。
      </Typography.Paragraph>
      {error && <LoadFailed what="草稿" error={error} retry={() => void reload()} />}
      <Table<DraftSummary>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        pagination={false}
        data-testid="draft-table"
        locale={{ emptyText: <Empty description="暂无草稿" /> }}
        columns={[
          { title: '申请', dataIndex: 'title' },
          { title: '服务', dataIndex: 'formId', render: (v) => <Tag color="blue">{data?.forms[v]?.title ?? v}</Tag> },
          { title: '最后保存', dataIndex: 'updatedAt', render: formatDateTime },
          {
            title: '有效期',
            dataIndex: 'expiresAt',
            render: (v) => (
              <Typography.Text type={daysLeft(v) <= 3 ? 'warning' : undefined}>{daysLeft(v)} 天后过期</Typography.Text>
            ),
          },
          {
            title: '操作',
            key: 'op',
            render: (_, d) => (
              <Space>
                <Button type="primary" size="small" onClick={() => resume(d)} disabled={!data?.forms[d.formId]}>
                  继续填写
                </Button>
                <Popconfirm title="删除这份草稿？" onConfirm={() => remove(d)}>
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
