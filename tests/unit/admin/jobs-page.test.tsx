import '../../helpers/antd-jsdom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine, type DataProvider } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import type { Job } from '../../../src/schemas/api/job';
import { fakeApi } from '../../helpers/fake-api';
import JobsPage from '../../../src/pages/admin/JobsPage';

const api = fakeApi();

const job = (id: number, state: Job['state'], over: Partial<Job> = {}): Job => ({
  id,
  task: 'seed.media',
  state,
  progress: state === 'succeeded' ? 100 : 30,
  message: '正在生成演示视频',
  error: state === 'failed' ? 'ffmpeg 退出码 1' : null,
  attempts: 1,
  maxAttempts: 3,
  ownerId: null,
  runAt: '2026-11-20T08:00:00Z',
  createdAt: '2026-11-20T08:00:00Z',
  updatedAt: '2026-11-20T08:00:00Z',
  finishedAt: null,
  result: null,
  ...over,
});

/** antd tables render slowly in jsdom on a busy machine. */
const SLOW = { timeout: 10_000 };
let jobs: Job[] = [];
let listError: Error | null = null;
let access = { staff: true };
const getList = vi.fn(async ({ filters }: { filters?: Array<{ field: string; value: string }> }) => {
  if (listError) throw listError;
  const state = filters?.find((f) => f.field === 'state')?.value;
  const data = jobs.filter((j) => !state || j.state === state);
  return { data, total: data.length };
});

function renderPage() {
  const dp = { getList, getApiUrl: () => '/api' } as unknown as DataProvider;
  return render(
    <MemoryRouter>
      <AntdApp>
        <Refine dataProvider={dp} routerProvider={routerBindings} resources={[]} options={{ disableTelemetry: true }}>
          <JobsPage />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jobs = [job(3, 'failed'), job(2, 'running'), job(1, 'succeeded')];
  listError = null;
  getList.mockClear();
  access = { staff: true };
  api.get.mockImplementation(async (url: string) => (url === '/api/schemas/access' ? access : null));
  api.post.mockImplementation(async (url: string) => {
    const id = Number(url.split('/')[3]);
    jobs = jobs.map((j) => (j.id === id ? { ...j, state: url.endsWith('/retry') ? 'queued' : 'cancelled' } : j));
    return jobs.find((j) => j.id === id);
  });
});
afterEach(cleanup);

describe('staff jobs page (/admin/jobs)', { timeout: 30_000 }, () => {
  it('lists jobs with Chinese states, progress and errors, and filters by state tab', async () => {
    renderPage();
    const failed = (await screen.findByText('ffmpeg 退出码 1', undefined, SLOW)).closest('tr')!;
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(within(failed).getByText('1/3')).toBeInTheDocument();
    expect(within(screen.getByText('2').closest('tr')!).getByText('处理中')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '已完成' }));
    await waitFor(() => expect(screen.queryByText('ffmpeg 退出码 1')).toBeNull(), SLOW);
    expect(getList).toHaveBeenLastCalledWith(
      expect.objectContaining({ filters: [{ field: 'state', operator: 'eq', value: 'succeeded' }] }),
    );
  });

  it('retries a failed job and cancels a running one, then reloads the list', async () => {
    renderPage();
    const failed = (await screen.findByText('ffmpeg 退出码 1', undefined, SLOW)).closest('tr')!;
    fireEvent.click(within(failed).getByRole('button', { name: /重\s?试/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/jobs/3/retry', {}), SLOW);
    await waitFor(
      () => expect(within(screen.getByText('3').closest('tr')!).getByText('排队中')).toBeInTheDocument(),
      SLOW,
    );

    fireEvent.click(within(screen.getByText('2').closest('tr')!).getByRole('button', { name: /^取\s?消$/ }));
    fireEvent.click(await screen.findByRole('button', { name: '取消任务' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/jobs/2/cancel', {}), SLOW);
    await waitFor(
      () => expect(within(screen.getByText('2').closest('tr')!).getByText('已取消')).toBeInTheDocument(),
      SLOW,
    );
  });

  it('shows the empty and the error state', async () => {
    jobs = [];
    renderPage();
    expect(await screen.findByText('暂无任务', undefined, SLOW)).toBeInTheDocument();
    cleanup();
    listError = Object.assign(new Error('网络错误 请稍后再试'), { statusCode: 500 });
    renderPage();
    expect(await screen.findByText('网络错误 请稍后再试', undefined, SLOW)).toBeInTheDocument();
  });

  it('tells non-staff users they have no access', async () => {
    access = { staff: false };
    renderPage();
    expect(await screen.findByText(/没有权限/, undefined, SLOW)).toBeInTheDocument();
    expect(getList).not.toHaveBeenCalled();
  });
});
