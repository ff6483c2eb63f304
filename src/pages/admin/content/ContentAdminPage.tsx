import { useState } from 'react';
import { Button, Card, Empty, Input, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../resources/views/cells';
import { StaffGate } from '../StaffGate';
import { useStaffList } from '../use-staff-list';
import { CmsEditor } from './CmsEditor';
import { PoolRevenueTable } from './PoolRevenueTable';
import { ListingReviewTable } from './ListingReviewTable';
import { listCms, listEnquiries, markHandled, type CmsKind, type CmsRow, type Enquiry } from './content-admin-api';
import { LoadFailed } from '../../../components/feedback/LoadFailed';

const KINDS = [
  { label: '文章', value: 'article' },
  { label: '公告', value: 'notice' },
  { label: '活动', value: 'event' },
];
const TOPICS: Record<string, string> = {
  purchase: '素材批量采购',
  licence: '内容授权合作',
  copyright: '版权服务',
  other: '其他',
};
const PAGE_SIZE = 20;
const publicPath = (r: CmsRow) =>
  r.kind === 'notice'
    ? `/page/${r.id}`
    : r.kind === 'event'
      ? r.slug
        ? `/${r.slug}`
        : `/activity/${r.id}`
      : `/article/${r.id}`;

function EntryTable() {
  const {
    status: kind,
    setStatus: setKind,
    page,
    setPage,
    data,
    loading,
    error,
    load,
  } = useStaffList<CmsKind, CmsRow>('article', (k, p) => listCms(k, p, PAGE_SIZE));
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  return (
    <>
      <Space style={{ marginBottom: 16, display: 'flex', justifyContent: 'space-between' }}>
        <Segmented value={kind} options={KINDS} onChange={(v) => setKind(v as CmsKind)} />
        <Button type="primary" onClick={() => setEditing(null)}>
          新建
        </Button>
      </Space>
      {error && <LoadFailed error={error} retry={() => void load()} />}
      <Table<CmsRow>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无内容" /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          { title: '标题', dataIndex: 'title' },
          { title: '分组', dataIndex: 'category', render: (v) => v || '-' },
          {
            title: '地址',
            key: 'path',
            render: (_, r) => (
              <a href={publicPath(r)} target="_blank" rel="noopener noreferrer">
                {publicPath(r)}
              </a>
            ),
          },
          {
            title: '状态',
            dataIndex: 'published',
            render: (v) => (v ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
          },
          { title: '版本', dataIndex: 'version' },
          { title: '更新时间', dataIndex: 'updatedAt', render: formatDateTime },
          {
            title: '操作',
            key: 'op',
            render: (_, r) => (
              <Button size="small" onClick={() => setEditing(r.id)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      {editing !== undefined && (
        <CmsEditor id={editing} kind={kind} onClose={() => setEditing(undefined)} onSaved={() => void load()} />
      )}
    </>
  );
}

function EnquiryTable() {
  const {
    status: handled,
    setStatus,
    page,
    setPage,
    data,
    loading,
    busy,
    act,
  } = useStaffList<boolean, Enquiry>(false, (h, p) => listEnquiries(h, p, PAGE_SIZE));
  const [note, setNote] = useState('');
  return (
    <>
      <Segmented
        value={handled ? 'done' : 'open'}
        options={[
          { label: '待跟进', value: 'open' },
          { label: '已处理', value: 'done' },
        ]}
        onChange={(v) => setStatus(v === 'done')}
        style={{ marginBottom: 16 }}
      />
      <Table<Enquiry>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无商务咨询" /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        expandable={{
          expandedRowRender: (r) => (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{r.need}</Typography.Paragraph>
          ),
        }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          { title: '类型', dataIndex: 'topic', render: (v) => TOPICS[v] ?? v },
          { title: '公司', dataIndex: 'company' },
          { title: '联系人', dataIndex: 'name' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '来源', dataIndex: 'source' },
          { title: '提交时间', dataIndex: 'createdAt', render: formatDateTime },
          handled
            ? { title: '跟进备注', dataIndex: 'staffNote' }
            : {
                title: '操作',
                key: 'op',
                render: (_, r) => (
                  <Popconfirm
                    title={
                      <Input.TextArea
                        placeholder="跟进备注（可选）"
                        value={note}
                        onChange={(e) => setNote(e.target.value)}
                      />
                    }
                    okText="标记已处理"
                    onConfirm={() =>
                      act(
                        r.id,
                        () => markHandled(r.id, note),
                        () => {
                          setNote('');
                          return '已标记为已处理';
                        },
                      )
                    }
                  >
                    <Button size="small" loading={busy === r.id}>
                      标记已处理
                    </Button>
                  </Popconfirm>
                ),
              },
        ]}
      />
    </>
  );
}

/** /admin/content: staff edit articles, notices and event pages (with versions), and follow up business enquiries. */
export default function ContentAdminPage() {
  const [tab, setTab] = useState<'entries' | 'enquiries' | 'pool' | 'listings'>('entries');
  return (
    <StaffGate area="内容管理">
      <Card
        title="内容管理"
        style={{ margin: 16 }}
        extra={
          <Segmented
            value={tab}
            options={[
              { label: '文章与活动', value: 'entries' },
              { label: '商务咨询', value: 'enquiries' },
              { label: '集体计划收入', value: 'pool' },
              { label: '版权挂牌审核', value: 'listings' },
            ]}
            onChange={(v) => setTab(v as typeof tab)}
          />
        }
      >
        <Typography.Paragraph type="secondary">
          正文为 HTML，页面展示时会移除脚本、事件属性与外部框架；每次保存生成新版本，可随时恢复旧版本。
        </Typography.Paragraph>
        {tab === 'entries' ? (
          <EntryTable />
        ) : tab === 'enquiries' ? (
          <EnquiryTable />
        ) : tab === 'pool' ? (
          <PoolRevenueTable />
        ) : (
          <ListingReviewTable />
        )}
      </Card>
    </StaffGate>
  );
}
