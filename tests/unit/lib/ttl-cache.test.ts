import { describe, expect, it, vi } from 'vitest';
import { ttlCache } from '../../../server/src/lib/ttl-cache';

describe('ttlCache', () => {
  it('loads once per key within the TTL, shares concurrent loads, reloads after it', async () => {
    let t = 0;
    const cache = ttlCache<number>(60_000, () => t);
    const load = vi.fn(async () => 7);
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, load.mock.calls.length]).toEqual([7, 7, 1]);
    t = 59_999;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get('other', load);
    expect(load).toHaveBeenCalledTimes(2);
    t = 60_000;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a failed load', async () => {
    const cache = ttlCache<number>(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 1)).toBe(1);
  });
});
