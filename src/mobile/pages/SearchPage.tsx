import { Button, CapsuleTabs, Collapse, Selector } from 'antd-mobile';
import { catalogueApi } from '../../components/material/api';
import { useRemote } from '../../components/material/useRemote';
import { formatTotal, TYPE_TABS } from '../../components/material/format';
import { useSearchState } from '../../components/material/useSearchState';
import { MaterialFeed } from '../parts/MaterialTile';
import { Remote } from '../parts/Remote';
import { SearchInput } from '../parts/SearchInput';

const PAGE_SIZE = 12;

/** /search?keyword=&type=&categoryId=: the desktop search's URL state and API, one column. */
export default function SearchPage() {
  const { state, update } = useSearchState();
  const categories = useRemote(() => catalogueApi.categories(state.type || undefined), [state.type]);
  const result = useRemote(() => catalogueApi.search({ ...state, pageSize: PAGE_SIZE }), [JSON.stringify(state)]);
  const page = state.page ?? 1;
  return (
    <div className="m-page" data-testid="m-search">
      <h1 className="m-title">搜索素材</h1>
      <SearchInput key={state.keyword} initial={state.keyword} onSearch={(keyword) => update({ keyword, sort: '' })} />
      <CapsuleTabs
        activeKey={state.type ? String(state.type) : ''}
        onChange={(key) => update({ type: key ? Number(key) : undefined, categoryId: undefined })}
      >
        {TYPE_TABS.map((t) => (
          <CapsuleTabs.Tab key={t.key} title={t.label} />
        ))}
      </CapsuleTabs>
      {!!categories.data?.length && (
        <Collapse defaultActiveKey={state.categoryId ? ['c'] : []}>
          <Collapse.Panel
            key="c"
            title={`分类：${categories.data.find((c) => c.id === state.categoryId)?.name ?? '全部'}`}
          >
            <Selector
              aria-label="分类"
              style={{ '--padding': '6px 10px' }}
              showCheckMark={false}
              value={state.categoryId ? [state.categoryId] : []}
              onChange={(v) => update({ categoryId: v[0] })}
              options={categories.data.map((c) => ({ label: c.name, value: c.id }))}
            />
          </Collapse.Panel>
        </Collapse>
      )}
      <Remote state={result} empty={(r) => r.list.length === 0}>
        {(r) => (
          <>
            <p style={{ color: '#595959', fontSize: 13 }} data-testid="m-search-total">
              共 {formatTotal(r)} 个结果
            </p>
            <MaterialFeed items={r.list} />
            <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
              <Button size="small" disabled={page <= 1} onClick={() => update({ page: page - 1 })}>
                上一页
              </Button>
              <span style={{ alignSelf: 'center', fontSize: 13 }}>第 {page} 页</span>
              <Button size="small" disabled={page * PAGE_SIZE >= r.total} onClick={() => update({ page: page + 1 })}>
                下一页
              </Button>
            </div>
          </>
        )}
      </Remote>
    </div>
  );
}
