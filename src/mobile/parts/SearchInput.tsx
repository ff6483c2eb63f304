import { useHref } from 'react-router-dom';
import { Input } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';

/**
 * The search box: submits the keyword (the search page puts it in the URL). A form that works
 * before the page's code has run too: the mobile home comes rendered by the server, and a phone may
 * type and press Enter before hydration; the browser then sends the form itself, GET
 * /m/search?keyword=…, the same address the page would open. antd-mobile's Input, not its
 * SearchBar: that one gives its input no name, so a form sent by the browser would lose the word.
 */
export function SearchInput({ initial = '', onSearch }: { initial?: string; onSearch: (keyword: string) => void }) {
  const action = useHref('/search');
  return (
    <form
      role="search"
      action={action}
      method="get"
      className="m-search"
      onSubmit={(e) => {
        e.preventDefault();
        const input = e.currentTarget.querySelector('input');
        input?.blur();
        onSearch((input?.value ?? '').trim());
      }}
    >
      <SearchOutline aria-hidden className="m-search-icon" />
      <Input
        name="keyword"
        type="search"
        enterKeyHint="search"
        defaultValue={initial}
        placeholder="搜索视频、图片、模板"
        aria-label="搜索素材"
      />
    </form>
  );
}
