import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Empty, List, Pagination, Select, Skeleton, Space, Typography } from 'antd';
import { useSchemas } from '../../hooks/use-schema';
import { useLoad } from '../content/use-load';
import { fetchDemands } from './community-api';
import { CommunityPage } from './CommunityNav';
import { DEMAND_SCHEMAS, DemandStatusTag, ModeTag, materialTypeLabel, moneyLine, scenarioLabel } from './demand-bits';
import { enumLabel, enumOptions } from '../../schemas/registry';
import { SearchInput } from '../../components/search/SearchInput';
import { BRAND_COLORS } from '../../theme';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const PAGE_SIZE = 10;

/** /community/demands: the demand hall — open demands by newest, filtered by mode, material type and keyword. */
export default function DemandsPage() {
  const schemasLoading = useSchemas(DEMAND_SCHEMAS);
  const [filters, setFilters] = useState<{ mode?: string; materialType?: number; keyword?: string; status: string }>({
    status: 'open',
  });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useLoad(
    () => fetchDemands({ ...filters, page, pageSize: PAGE_SIZE }),
    [JSON.stringify(filters), page],
  );
  const set = (patch: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  return (
    <CommunityPage>
      <Card
        title="需求大厅"
        extra={
          <Link to="/community/demands/new">
            <Button type="primary">免费发布需求</Button>
          </Link>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label="需求状态"
            style={{ width: 120 }}
            value={filters.status}
            onChange={(status) => set({ status })}
            options={['open', 'in_progress', 'completed'].map((value) => ({
              value,
              label: enumLabel('lumen:status/community-demand', value),
            }))}
          />
          <Select
            aria-label="交易模式"
            allowClear
            placeholder="交易模式"
            style={{ width: 120 }}
            value={filters.mode}
            onChange={(mode) => set({ mode })}
            options={[
              { value: 'bounty', label: '悬赏' },
              { value: 'bid', label: '竞标' },
            ]}
          />
          <Select
            aria-label="素材类型"
            allowClear
            placeholder="素材类型"
            style={{ width: 120 }}
            value={filters.materialType}
            onChange={(materialType) => set({ materialType })}
            options={enumOptions('lumen:enums/material-type')}
          />
          <SearchInput
            placeholder="搜索需求"
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(k) => set({ keyword: k.trim() || undefined })}
            style={{ width: 220 }}
          />
        </Space>
        {error ? (
          <LoadFailed what="需求" error={error} retry={() => void reload()} />
        ) : (loading && !data) || schemasLoading ? (
          <Skeleton active />
        ) : !data?.list.length ? (
          <Empty description="暂时没有符合条件的需求" />
        ) : (
          <>
            <List
              itemLayout="vertical"
              dataSource={data.list}
              data-testid="demand-list"
              renderItem={(d) => (
                <List.Item
                  key={d.id}
                  extra={
                    <Space direction="vertical" align="end">
                      <Typography.Text strong style={{ color: BRAND_COLORS.danger, fontSize: 16 }}>
                        {moneyLine(d)}
                      </Typography.Text>
                      <span>截止 {d.deadline}</span>
                      <span>{d.responses} 个响应</span>
                    </Space>
                  }
                >
                  <List.Item.Meta
                    title={
                      <Space>
                        <ModeTag mode={d.mode} />
                        <Link to={`/community/demands/${d.id}`}>{d.title}</Link>
                        <DemandStatusTag status={d.status} />
                      </Space>
                    }
                    description={`${materialTypeLabel(d.materialType)} · ${scenarioLabel(d.scenario)} · 发布者 ${d.buyerName}`}
                  />
                  <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                    {d.description}
                  </Typography.Paragraph>
                </List.Item>
              )}
            />
            {data.total > PAGE_SIZE && (
              <Pagination
                style={{ textAlign: 'right' }}
                current={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                onChange={setPage}
              />
            )}
          </>
        )}
      </Card>
    </CommunityPage>
  );
}
