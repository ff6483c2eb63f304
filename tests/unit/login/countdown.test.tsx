import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useSmsCountdown } from '../../../src/components/login/use-countdown';

describe('SMS countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 60 s down, disabled while counting, then offers the button again', async () => {
    const { result } = renderHook(() => useSmsCountdown());
    expect(result.current.label).toBe('获取验证码');
    await act(() => result.current.send(async () => undefined));
    expect(result.current.label).toBe('60s后重新获取');
    expect(result.current.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.label).toBe('59s后重新获取');
    // A second press while counting does not send.
    const again = vi.fn(async () => undefined);
    await act(async () => expect(await result.current.send(again)).toBe(false));
    expect(again).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current.label).toBe('获取验证码');
    expect(result.current.disabled).toBe(false);
  });

  it('a failed send shows 请重新获取验证码 for 2 s and resets the countdown', async () => {
    const { result } = renderHook(() => useSmsCountdown());
    await act(async () => {
      await expect(result.current.send(() => Promise.reject(new Error('发送失败')))).rejects.toThrow('发送失败');
    });
    expect(result.current.label).toBe('请重新获取验证码');
    expect(result.current.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.label).toBe('请重新获取验证码');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.label).toBe('获取验证码');
    expect(result.current.left).toBe(0);
  });
});
