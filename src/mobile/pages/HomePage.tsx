import { Link, useNavigate } from 'react-router-dom';
import { Tag } from 'antd-mobile';
import { catalogueApi } from '../../components/material/api';
import { useRemote } from '../../components/material/useRemote';
import { CATALOGUE_TYPES, TYPE_LABELS } from '../../components/material/format';
import { MaterialFeed } from '../parts/MaterialTile';
import { Remote } from '../parts/Remote';
import { SearchInput } from '../parts/SearchInput';

/** Mobile home: search, hot keywords, album entries by type, and the newest materials. */
export default function HomePage() {
  const navigate = useNavigate();
  const hot = useRemote(() => catalogueApi.hotKeywords(8), []);
  const newest = useRemote(() => catalogueApi.newest(undefined, 12), []);
  const search = (keyword: string) => navigate(keyword ? `/search?keyword=${encodeURIComponent(keyword)}` : '/search');
  return (
    <div className="m-page" data-testid="m-home">
      <h1 style={{ fontSize: 20, margin: '4px 0 10px' }}>流明素材</h1>
      <SearchInput onSearch={search} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '10px 0' }}>
        {(hot.data ?? []).map((k) => (
          <Link key={k} to={`/search?keyword=${encodeURIComponent(k)}`} className="m-link" aria-label={`热搜 ${k}`}>
            <Tag round color="primary" fill="outline" style={{ fontSize: 13, padding: '4px 10px' }}>
              {k}
            </Tag>
          </Link>
        ))}
      </div>
      <nav aria-label="专辑分类" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {CATALOGUE_TYPES.map((t) => (
          <Link key={t} to={`/album/list/${t}`} className="m-link">
            {TYPE_LABELS[t]}专辑
          </Link>
        ))}
      </nav>
      <h2 className="m-section-title">最新素材</h2>
      <Remote state={newest} empty={(d) => d.length === 0}>
        {(items) => <MaterialFeed items={items} />}
      </Remote>
    </div>
  );
}
