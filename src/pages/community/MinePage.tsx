import { Link } from 'react-router-dom';
import { Button, Card, Empty, Skeleton, Table, Tabs, Tag } from 'antd';
import { useSchemas } from '../../hooks/use-schema';
import { formatDateTime, formatMoney } from '../../resources/views/cells';
import { useLoad } from '../content/use-load';
import { fetchMyCollections, fetchMyDemands } from './community-api';
import { CommunityPage } from './CommunityNav';
import { PostGrid } from './PostGrid';
import { DEMAND_SCHEMAS, DemandStatusTag, ModeTag, moneyLine } from './demand-bits';
import { LoadFailed } from '../../components/feedback/LoadFailed';

/** /community/mine: the viewer's demands (as buyer), responses (as creator) and collected posts. */
export default function MinePage() {
  const schemasLoading = useSchemas(DEMAND_SCHEMAS);
  const mine = useLoad(fetchMyDemands, []);
  const collections = useLoad(fetchMyCollections, []);
  const body = () => {
    if (mine.error) return <LoadFailed error={mine.error} retry={() => void mine.reload()} />;
    if (!mine.data || schemasLoading) return <Skeleton active />;
    return (
      <Tabs
        items={[
          {
            key: 'demands',
            label: `我发布的需求（${mine.data.demands.length}）`,
            children: mine.data.demands.length ? (
              <Table
                rowKey="id"
                size="small"
                dataSource={mine.data.demands}
                pagination={{ pageSize: 10 }}
                data-testid="my-demands"
                columns={[
                  {
                    title: '需求',
                    key: 't',
                    render: (_, d) => (
                      <>
                        <ModeTag mode={d.mode} />
                        <Link to={`/community/demands/${d.id}`}>{d.title}</Link>
                      </>
                    ),
                  },
                  { title: '金额', key: 'm', render: (_, d) => moneyLine(d) },
                  { title: '响应', dataIndex: 'responses' },
                  { title: '截止', dataIndex: 'deadline' },
                  { title: '状态', key: 's', render: (_, d) => <DemandStatusTag status={d.status} /> },
                ]}
              />
            ) : (
              <Empty description="您还没有发布需求">
                <Link to="/community/demands/new">
                  <Button type="primary">免费发布需求</Button>
                </Link>
              </Empty>
            ),
          },
          {
            key: 'responses',
            label: `我的响应（${mine.data.responses.length}）`,
            children: mine.data.responses.length ? (
              <Table
                rowKey="id"
                size="small"
                dataSource={mine.data.responses}
                pagination={{ pageSize: 10 }}
                data-testid="my-responses"
                columns={[
                  {
                    title: '需求',
                    key: 't',
                    render: (_, r) => <Link to={`/community/demands/${r.demandId}`}>{r.demandTitle}</Link>,
                  },
                  {
                    title: '方式',
                    key: 'k',
                    render: (_, r) => (r.kind === 'work' ? `推荐作品：${r.workTitle ?? ''}` : '创作方案'),
                  },
                  { title: '报价', dataIndex: 'priceCents', render: (v) => (v ? formatMoney(v) : '-') },
                  {
                    title: '结果',
                    key: 'p',
                    render: (_, r) =>
                      r.picked ? (
                        <Tag color="green">已选中</Tag>
                      ) : r.demandStatus === 'open' ? (
                        <Tag>等待选择</Tag>
                      ) : (
                        <Tag>未选中</Tag>
                      ),
                  },
                  { title: '需求状态', key: 's', render: (_, r) => <DemandStatusTag status={r.demandStatus} /> },
                  { title: '时间', dataIndex: 'createdAt', render: formatDateTime },
                ]}
              />
            ) : (
              <Empty description="您还没有响应过需求">
                <Link to="/community/demands">
                  <Button>去需求大厅看看</Button>
                </Link>
              </Empty>
            ),
          },
          {
            key: 'collections',
            label: '我的收藏',
            children: collections.error ? (
              <LoadFailed what="收藏" error={collections.error} retry={() => void collections.reload()} />
            ) : !collections.data ? (
              <Skeleton active />
            ) : (
              <PostGrid posts={collections.data} empty="还没有收藏作品帖" />
            ),
          },
        ]}
      />
    );
  };
  return (
    <CommunityPage>
      <Card title="我的需求与响应">{body()}</Card>
    </CommunityPage>
  );
}
