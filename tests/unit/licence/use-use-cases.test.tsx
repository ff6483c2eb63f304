import '../../helpers/antd-jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { schemas, setSchemaOverride } from '../../../src/schemas';
import { fakeApi } from '../../helpers/fake-api';
import { useUseCases } from '../../../src/components/licence/use-use-cases';

const served = new Map<string, any>();
const api = fakeApi();
beforeEach(() => {
  api.get.mockImplementation(async (url: string) => {
    const id = decodeURIComponent(url.replace('/api/schemas/', ''));
    if (!served.has(id)) throw new Error('网络错误');
    return { id, version: 2, body: served.get(id) };
  });
});

afterEach(() => {
  cleanup();
  setSchemaOverride('lumen:licence/use-cases', null);
  served.clear();
});

describe('useUseCases (licence picker data)', () => {
  it('prices and enforces with the served table once it arrives', async () => {
    const table = structuredClone(schemas['lumen:licence/use-cases']);
    table['x-levels'].company.multiplier = 5;
    table.oneOf.find((b: any) => b.const === 'enterprise_promotion')['x-licence'].personal = true;
    served.set('lumen:licence/use-cases', table);
    const person = { ownerType: 'PERSONAL' as const, enhancedAuth: false };

    const { result } = renderHook(() => useUseCases());
    const bundledCase = result.current.find('enterprise_promotion')!;
    expect(result.current.refusalFor(person, bundledCase)).toContain('需要企业授权');
    expect(result.current.priceOf(1000, result.current.find('enterprise_new_media')!)).toBe(3000);

    await waitFor(() => expect(result.current.levels.company.multiplier).toBe(5));
    expect(api.get).toHaveBeenCalledWith('/api/schemas/lumen%3Alicence%2Fuse-cases', undefined);
    expect(result.current.priceOf(1000, result.current.find('enterprise_new_media')!)).toBe(5000);
    const opened = result.current.find('enterprise_promotion')!;
    expect(result.current.refusalFor(person, opened)).toBeNull();
    expect(result.current.priceOf(1000, opened)).toBe(1000);
  });
});
