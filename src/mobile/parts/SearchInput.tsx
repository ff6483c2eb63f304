import { SearchBar } from 'antd-mobile';

/** The search box: submits the keyword (the search page puts it in the URL). */
export function SearchInput({ initial = '', onSearch }: { initial?: string; onSearch: (keyword: string) => void }) {
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const input = e.currentTarget.querySelector('input');
        onSearch((input?.value ?? '').trim());
      }}
    >
      <SearchBar
        // antd-mobile's clear icon is a div with aria-label and no role (axe: aria-prohibited-attr); the
        // keyboard's delete does the same job.
        clearable={false}
        defaultValue={initial}
        placeholder="搜索视频、图片、模板"
        aria-label="搜索素材"
        onSearch={(v) => onSearch(v.trim())}
        style={{ '--height': '40px' }}
      />
    </form>
  );
}
