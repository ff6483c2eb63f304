import '../../helpers/antd-jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Refine, type DataProvider } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { schemas, setSchemaOverride } from '../../../src/schemas';
import { fakeApi } from '../../helpers/fake-api';
import { ResourceList } from '../../../src/resources/views/ResourceList';
import { deposits } from '../../../src/resources';
import { tableIdsOf } from '../../../src/resources/registry';

// The server's current versions: staff renamed and recoloured a status and renamed a category.
const served = new Map<string, any>();
const api = fakeApi();
beforeEach(() => {
  api.get.mockImplementation(async (url: string) => {
    const id = decodeURIComponent(url.replace('/api/schemas/', ''));
    if (!served.has(id)) throw new Error('网络错误');
    return { id, version: 3, body: served.get(id) };
  });
});

afterEach(() => {
  cleanup();
  for (const id of served.keys()) setSchemaOverride(id, null);
  served.clear();
});

describe('ResourceList with staff-edited status tables and enums', { timeout: 30_000 }, () => {
  it('names every table its columns and filters display', () => {
    expect(tableIdsOf(deposits).sort()).toEqual(['lumen:enums/work-category', 'lumen:status/evidence-deposit']);
  });

  it('renders the served label and colour instead of the bundled ones', async () => {
    const status = structuredClone(schemas['lumen:status/evidence-deposit']);
    const done = status.oneOf.find((b: any) => b.const === 1);
    expect(done.title).toBe('已存证');
    done.title = '存证完成';
    done['x-color'] = 'purple';
    served.set('lumen:status/evidence-deposit', status);
    const category = structuredClone(schemas['lumen:enums/work-category']);
    category.oneOf.find((b: any) => b.const === 1).title = '摄影作品（含航拍）';
    served.set('lumen:enums/work-category', category);

    const dp = {
      getList: async () => ({
        data: [
          {
            id: 7,
            work_name: '山川日出',
            work_category: 1,
            file_name: 'a.jpg',
            sha256: 'ab12',
            status: 1,
            created_at: '2026-11-20T08:00:00Z',
          },
        ],
        total: 1,
      }),
      getApiUrl: () => '/api',
    } as unknown as DataProvider;
    render(
      <MemoryRouter>
        <AntdApp>
          <Refine
            dataProvider={dp}
            routerProvider={routerBindings}
            resources={[{ name: deposits.name, list: deposits.listPath, meta: { apiPath: deposits.apiPath } }]}
            options={{ disableTelemetry: true }}
          >
            <ResourceList def={deposits} />
          </Refine>
        </AntdApp>
      </MemoryRouter>,
    );
    const row = (await screen.findByText('山川日出')).closest('tr')!;
    const tag = await waitFor(() => within(row).getByText('存证完成'));
    expect(tag.className).toContain('ant-tag-purple');
    expect(within(row).queryByText('已存证')).toBeNull();
    expect(within(row).getByText('摄影作品（含航拍）')).toBeInTheDocument();
  });
});
