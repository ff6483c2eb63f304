import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PageDataState } from '../../../src/pages/account/PageDataState';

describe('PageDataState: an account page before its data is there', () => {
  it('shows a skeleton while loading', () => {
    const { container } = render(<PageDataState what="Webhook " error={null} retry={() => undefined} />);
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByText(/加载失败/)).toBeNull();
  });

  it('names what failed, says why, and 重试 reloads', () => {
    const retry = vi.fn();
    render(<PageDataState what="账户安全信息" error="网络错误" retry={retry} />);
    expect(screen.getByText('账户安全信息加载失败')).toBeInTheDocument();
    expect(screen.getByText('网络错误')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
