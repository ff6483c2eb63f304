import { Flex, Pagination, Radio, Select, Space, Tabs, Tag, Typography, Empty } from 'antd';
import { catalogueApi, type SearchParams } from './api';
import { MaterialGrid } from './MaterialGrid';
import { RemoteState } from './RemoteState';
import { useRemote } from './useRemote';
import { AI_OPTIONS, DURATION_OPTIONS, SORT_OPTIONS, TYPE_TABS, formatTotal } from './format';

const PAGE_SIZE = 20;

function Suggestions({ onPick }: { onPick: (kw: string) => void }) {
  const hot = useRemote(() => catalogueApi.hotKeywords(10), []);
  return (
    <Empty description="没有找到相关素材，换个关键词试试" data-testid="search-empty">
      {!!hot.data?.length && (
        <Space wrap>
          <Typography.Text type="secondary">大家都在搜：</Typography.Text>
          {hot.data.map((k) => (
            <Tag key={k} color="processing" style={{ cursor: 'pointer' }} onClick={() => onPick(k)}>
              {k}
            </Tag>
          ))}
        </Space>
      )}
    </Empty>
  );
}

/** Filters (type tabs, duration for video, category, AI generated, sort), result count, grid and pagination. */
export function SearchResults({
  state,
  update,
  showType = true,
  showCategory = true,
}: {
  state: SearchParams;
  update: (patch: Partial<SearchParams>) => void;
  showType?: boolean;
  showCategory?: boolean;
}) {
  const res = useRemote(() => catalogueApi.search({ ...state, pageSize: PAGE_SIZE }), [JSON.stringify(state)]);
  const cats = useRemote(
    () => (showCategory ? catalogueApi.categories(state.type) : Promise.resolve([])),
    [state.type, showCategory],
  );
  const sort = state.sort || (state.keyword ? 'relevance' : 'newest');
  return (
    <div>
      {showType && (
        <Tabs
          activeKey={state.type ? String(state.type) : ''}
          items={TYPE_TABS.map((t) => ({ key: t.key, label: t.label }))}
          onChange={(k) => update({ type: k ? Number(k) : undefined, categoryId: undefined })}
        />
      )}
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        {state.type === 1 && (
          <Radio.Group
            optionType="button"
            value={state.duration ?? ''}
            options={DURATION_OPTIONS}
            onChange={(e) => update({ duration: e.target.value })}
            data-testid="duration-filter"
          />
        )}
        {showCategory && (
          <Select
            aria-label="分类"
            allowClear
            placeholder="全部分类"
            style={{ width: 160 }}
            value={state.categoryId}
            loading={cats.loading}
            options={(cats.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(v) => update({ categoryId: v })}
          />
        )}
        <Radio.Group
          aria-label="AI生成筛选"
          optionType="button"
          value={state.ai ?? ''}
          options={AI_OPTIONS}
          onChange={(e) => update({ ai: e.target.value })}
          data-testid="ai-filter"
        />
        <Select
          aria-label="排序"
          style={{ width: 150 }}
          value={sort}
          options={SORT_OPTIONS.filter((o) => o.value !== 'relevance' || state.keyword)}
          onChange={(v) => update({ sort: v })}
          data-testid="sort-select"
        />
        {res.data && (
          <Typography.Text type="secondary" data-testid="result-count">
            共找到 {formatTotal(res.data)} 个素材
          </Typography.Text>
        )}
      </Flex>
      <RemoteState
        {...res}
        rows={8}
        empty={(d) => !d.list.length}
        emptyView={<Suggestions onPick={(k) => update({ keyword: k, categoryId: undefined, type: undefined })} />}
      >
        {(d) => (
          <>
            <MaterialGrid items={d.list} />
            <Pagination
              style={{ marginTop: 24, textAlign: 'center' }}
              current={d.page}
              pageSize={PAGE_SIZE}
              total={d.total}
              showSizeChanger={false}
              onChange={(page) => (update({ page }), window.scrollTo(0, 0))}
            />
          </>
        )}
      </RemoteState>
    </div>
  );
}
