import '../../helpers/antd-jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { currentSchema, schemas, setSchemaOverride } from '../../../src/schemas';
import { fakeApi } from '../../helpers/fake-api';
import { dependenciesOf, useFormSchema, useSchema } from '../../../src/hooks/use-schema';

const served = new Map<string, any>();
const api = fakeApi();
beforeEach(() => {
  api.get.mockImplementation(async (url: string) => {
    const id = decodeURIComponent(url.replace('/api/schemas/', ''));
    if (!served.has(id)) throw new Error('网络错误');
    return { id, version: 1, body: served.get(id) };
  });
});

afterEach(() => {
  cleanup();
  served.clear();
  for (const id of [
    'lumen:forms/certification-personal',
    'lumen:rules/certification',
    'lumen:enums/personal-certificate',
    'lumen:meta/file-meta',
  ])
    setSchemaOverride(id, null);
});

describe('useSchema', () => {
  it('lists what a form depends on', () => {
    expect(dependenciesOf(schemas['lumen:forms/certification-personal']).sort()).toEqual([
      'lumen:enums/personal-certificate',
      'lumen:meta/file-meta',
      'lumen:rules/certification',
    ]);
  });

  it('serves the bundled version at once, then the server version of the form and of the rules it refers to', async () => {
    const form = structuredClone(schemas['lumen:forms/certification-personal']);
    form.title = '个人实名认证（新）';
    const rules = structuredClone(schemas['lumen:rules/certification']);
    rules['x-rules'].image.maxBytes = 1024;
    served.set('lumen:forms/certification-personal', form);
    served.set('lumen:rules/certification', rules);
    const { result } = renderHook(() => useFormSchema('lumen:forms/certification-personal'));
    expect(result.current.loading).toBe(true);
    expect(result.current.schema.title).toBe('个人实名认证');
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.schema.title).toBe('个人实名认证（新）');
    // The referenced rule set was fetched too, so the shared validator now sees the 1 KB limit.
    expect(currentSchema('lumen:rules/certification')!['x-rules'].image.maxBytes).toBe(1024);
  });

  it('keeps the bundled version when the server cannot be reached', async () => {
    const { result } = renderHook(() => useSchema('lumen:enums/personal-certificate'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.schema).toBe(schemas['lumen:enums/personal-certificate']);
  });
});
