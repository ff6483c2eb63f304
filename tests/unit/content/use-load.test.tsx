import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useLoad } from '../../../src/pages/content/use-load';

describe('useLoad', () => {
  it('loads again when a dependency changes, even with the same (stable) load function', async () => {
    const load = vi.fn(async () => 'x');
    const { rerender } = renderHook(({ v }) => useLoad(load, [v]), { initialProps: { v: 0 } });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    rerender({ v: 1 });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
