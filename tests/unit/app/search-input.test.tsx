import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SearchInput } from '../../../src/components/search/SearchInput';
import { SearchBox } from '../../../src/components/material/SearchBox';

describe('SearchInput', () => {
  it('names its button 搜索, not the icon’s English "search", and searches on click', () => {
    const onSearch = vi.fn();
    render(<SearchInput enterButton defaultValue="樱花" onSearch={onSearch} aria-label="搜索素材" />);
    expect(screen.queryByRole('button', { name: 'search' })).toBeNull();
    const button = screen.getByRole('button', { name: '搜索' });
    expect(button.className).toContain('ant-btn-primary');
    fireEvent.click(button);
    expect(onSearch).toHaveBeenCalledWith('樱花', expect.anything(), expect.objectContaining({ source: 'input' }));
  });

  it('keeps the plain button of a search without enterButton, named in Chinese too', () => {
    render(<SearchInput placeholder="输入关键词搜索" />);
    const button = screen.getByRole('button', { name: '搜索' });
    expect(button.className).not.toContain('ant-btn-primary');
  });

  it('the catalogue search box (home hero, search page) has a name, not only a placeholder', () => {
    render(
      <MemoryRouter>
        <SearchBox />
      </MemoryRouter>,
    );
    expect(screen.getByRole('searchbox', { name: '搜索素材' })).toBeInTheDocument();
  });
});
