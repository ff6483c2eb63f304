import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { LoadFailed } from '../../../src/components/feedback/LoadFailed';

describe('LoadFailed', () => {
  it('titles the error with what failed to load', () => {
    render(<LoadFailed what="认证列表" />);
    expect(screen.getByRole('alert')).toHaveTextContent('认证列表加载失败');
    expect(screen.getByText('认证列表加载失败')).toBeInTheDocument();
  });

  it('says only 加载失败 without what', () => {
    render(<LoadFailed />);
    expect(screen.getByText('加载失败')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe('加载失败');
  });

  it('gives the reason of an Error as the description', () => {
    render(<LoadFailed what="退款列表" error={new Error('网络错误')} />);
    expect(screen.getByText('退款列表加载失败')).toBeInTheDocument();
    const reason = screen.getByText('网络错误');
    expect(reason.className).toContain('ant-alert-description');
  });

  it('gives a string reason as the description', () => {
    render(<LoadFailed what="证据" error="服务暂不可用" />);
    expect(screen.getByText('服务暂不可用').className).toContain('ant-alert-description');
  });

  it('has no description for an error without text', () => {
    const empty = render(<LoadFailed what="记录" error={new Error('')} />);
    expect(empty.container.querySelector('.ant-alert-description')).toBeNull();
    const textless = render(<LoadFailed what="订单" error={{ code: 500 }} />);
    expect(textless.getByText('订单加载失败')).toBeInTheDocument();
    expect(textless.container.querySelector('.ant-alert-description')).toBeNull();
  });

  it('offers no retry without a retry function', () => {
    render(<LoadFailed what="通知" error="网络错误" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('calls retry when 重试 is clicked', () => {
    const retry = vi.fn();
    render(<LoadFailed what="通知" error="网络错误" retry={retry} />);
    const button = screen.getByRole('button', { name: /重\s*试/ });
    expect(button.className).toContain('ant-btn-sm');
    fireEvent.click(button);
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
