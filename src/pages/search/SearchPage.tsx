import { Card } from 'antd';
import { SearchBox } from '../../components/material/SearchBox';
import { SearchResults } from '../../components/material/SearchResults';
import { useSearchState } from '../../components/material/useSearchState';

/** /search: keyword, type, duration, category and sort live in the URL so a search can be shared. */
export default function SearchPage() {
  const { state, update } = useSearchState();
  return (
    <Card data-testid="search-page">
      <div style={{ maxWidth: 640, marginBottom: 16 }}>
        <SearchBox key={state.keyword} initial={state.keyword} onSearch={(keyword) => update({ keyword, sort: '' })} />
      </div>
      <SearchResults state={state} update={update} />
    </Card>
  );
}
