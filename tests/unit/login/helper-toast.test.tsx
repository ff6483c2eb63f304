import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { message } from 'antd';
import { HelperDialog } from '../../../src/components/login/HelperDialog';
import { HELPER_IMAGES, helperInstance, openHelper } from '../../../src/components/login/helper';
import { toast, toastCount, TOAST_MS } from '../../../src/components/login/toast';

afterEach(() => {
  cleanup();
  if (helperInstance.isOpen()) helperInstance.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('helper dialog', () => {
  it.each([
    [0.1, 0],
    [0.7, 1],
  ])('renders 500px with the randomly picked image (random %s -> image %i)', async (rnd, index) => {
    vi.spyOn(Math, 'random').mockReturnValue(rnd);
    render(<HelperDialog />);
    let opened!: Promise<boolean>;
    act(() => void (opened = openHelper()));
    const img = await screen.findByAltText('小助手微信二维码');
    expect(img).toHaveAttribute('src', HELPER_IMAGES[index]);
    expect((screen.getByText('添加小助手').closest('.ant-modal') as HTMLElement).style.width).toBe('500px');
    act(() => (document.querySelector('.ant-modal-close') as HTMLElement).click());
    await expect(opened).rejects.toThrow('Helper was closed');
  });
});

describe('toast', () => {
  it('closes after 2000 ms and is no longer counted', async () => {
    vi.useFakeTimers();
    message.destroy();
    const before = toastCount();
    act(() => toast('已复制链接'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('已复制链接')).toBeInTheDocument();
    expect(toastCount()).toBe(before + 1);
    expect(TOAST_MS).toBe(2000);
    const wrapper = () => screen.queryByText('已复制链接')?.closest('.ant-message-notice-wrapper') ?? null;
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(wrapper()?.className).not.toContain('leave');
    expect(toastCount()).toBe(before + 1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    // At 2000 ms the toast closes: it starts its leave animation (jsdom runs no CSS transitions,
    // so the node itself stays) and is no longer counted.
    expect(wrapper()?.className).toContain('ant-message-move-up-leave');
    expect(toastCount()).toBe(before);
  });
});
