import { useState } from 'react';
import { Input } from 'antd';
import { useNavigate } from 'react-router-dom';

/** Keyword box that opens /search?keyword=…; the URL carries the search so it can be shared. */
export function SearchBox({
  initial = '',
  size = 'large',
  onSearch,
}: {
  initial?: string;
  size?: 'large' | 'middle';
  onSearch?: (kw: string) => void;
}) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  return (
    <Input.Search
      value={value}
      onChange={(e) => setValue(e.target.value)}
      placeholder="搜索视频、图片、模板，例如：花朵、雪山、蒲公英"
      enterButton="搜索"
      size={size}
      maxLength={50}
      allowClear
      data-testid="catalogue-search"
      // A placeholder is no accessible name (WCAG 4.1.2).
      aria-label="搜索素材"
      onSearch={(kw) => (onSearch ? onSearch(kw.trim()) : navigate(`/search?keyword=${encodeURIComponent(kw.trim())}`))}
    />
  );
}
