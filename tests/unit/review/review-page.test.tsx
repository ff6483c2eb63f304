import '@testing-library/jest-dom/vitest';
import '../../helpers/antd-jsdom';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '../../helpers/fake-api';
import ReviewPage from '../../../src/pages/admin/review/ReviewPage';
import { userStore } from '../../../src/components/user/user-store';
import type { UserInfo } from '../../../src/components/user/UserContext';

const STAFF: UserInfo = {
  id: 5,
  phone: null,
  username: 'demo_staff',
  nickname: '运营小流',
  avatar: '',
  ownerType: 'PERSONAL',
  enhancedAuth: false,
  companyName: null,
  parentId: null,
  roles: ['buyer', 'staff'],
  balanceCents: 0,
};
const QUEUE = {
  total: 2,
  list: [
    {
      kind: 'work',
      material_id: 3,
      revision_id: null,
      type: 1,
      title: '雪山日落延时',
      owner_name: '林间影像',
      submitted_at: '2026-05-01T08:00:00Z',
      appeal: true,
    },
    {
      kind: 'revision',
      material_id: 7,
      revision_id: 70,
      type: 11,
      title: '碧海蓝天航拍',
      owner_name: '山川摄影师',
      submitted_at: '2026-05-02T08:00:00Z',
      appeal: false,
    },
  ],
};
const work = (id: number, title: string, extra: object = {}) => ({
  id,
  type: 11,
  title,
  description: '',
  tags: ['山川'],
  status: 1,
  price: 99,
  coverUrl: null,
  previewUrl: null,
  durationSec: null,
  width: 1920,
  height: 1080,
  format: 'jpg',
  sizeBytes: 2_000_000,
  createdAt: '2026-04-01T00:00:00Z',
  submittedAt: '2026-05-02T08:00:00Z',
  appeal: false,
  appealText: null,
  owner: { id: 4, nickname: '山川摄影师' },
  digest: 'a'.repeat(32),
  ...extra,
});
const READY = { state: 'ready', progress: 100, message: null, error: null };
const REVISION_ITEM = {
  work: work(7, '青山晨雾远眺'),
  media: READY,
  revision: {
    id: 70,
    status: 0,
    appeal: false,
    submittedAt: '2026-05-02T08:00:00Z',
    appealText: null,
    fields: { title: '碧海蓝天航拍', description: '', tags: ['海洋'], price: 99 },
    diff: [
      { field: 'title', before: '青山晨雾远眺', after: '碧海蓝天航拍' },
      { field: 'tags', before: ['山川'], after: ['海洋'] },
    ],
  },
  duplicates: [
    {
      material_id: 12,
      title: '相似的海景',
      status: 1,
      type: 11,
      coverUrl: null,
      owner_name: '王小航航拍',
      distance: 8,
      kind: 'pdq',
    },
  ],
  events: [
    {
      id: 1,
      revisionId: 70,
      actorRole: 'creator',
      actorName: '山川摄影师',
      action: 'revise',
      from: null,
      to: 0,
      reasons: [],
      comment: '',
      at: '2026-05-02T08:00:00Z',
    },
  ],
};
const WORK_ITEM = {
  work: work(3, '雪山日落延时', {
    type: 1,
    status: 0,
    appeal: true,
    appealText: '作品为本人原创，可提供源文件',
    digest: 'b'.repeat(32),
  }),
  media: READY,
  revision: null,
  duplicates: [],
  events: [],
};

const api = fakeApi();
beforeEach(() => {
  api.get.mockImplementation(async (url: string) => {
    if (url === '/api/admin/review/queue') return QUEUE;
    if (url === '/api/admin/review/works/7') return REVISION_ITEM;
    if (url === '/api/admin/review/works/3') return WORK_ITEM;
    return null; // schema requests: the bundled versions serve
  });
  userStore.setUser(STAFF);
});
afterEach(cleanup);
afterAll(() => userStore.setUser(null));

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin/review']}>
      <AntdApp>
        <ReviewPage />
      </AntdApp>
    </MemoryRouter>,
  );

describe('staff review console', { timeout: 20_000 }, () => {
  it('lists the queue with kind and appeal tags, and shows a revision with its diff, duplicate hits and timeline', async () => {
    renderPage();
    const items = await screen.findAllByTestId('queue-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('新作品')).toBeInTheDocument();
    expect(within(items[0]).getByText('申诉')).toBeInTheDocument();
    expect(within(items[1]).getByText('修改')).toBeInTheDocument();

    fireEvent.click(items[1]);
    await screen.findByText('修改内容');
    expect(api.get).toHaveBeenCalledWith('/api/admin/review/works/7', { revisionId: 70 });
    const diff = screen.getByText('修改为').closest('table')!;
    expect(within(diff).getByText('作品标题')).toBeInTheDocument();
    expect(within(diff).getByText('青山晨雾远眺')).toBeInTheDocument();
    expect(within(diff).getByText('海洋')).toBeInTheDocument();
    expect(within(screen.getByTestId('duplicate-hit')).getByText('相似的海景')).toBeInTheDocument();
    expect(screen.getByText('pdq 距离 8')).toBeInTheDocument();
    expect(within(screen.getByTestId('timeline-event')).getByText('提交修改')).toBeInTheDocument();
    // No media yet: a placeholder, not a broken image.
    expect(screen.getByTestId('review-preview-placeholder')).toBeInTheDocument();
  });

  it('rejects a revision only with at least one schema reason, posting reasons, comment and the revision id', async () => {
    renderPage();
    fireEvent.click((await screen.findAllByTestId('queue-item'))[1]);
    fireEvent.click(await screen.findByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    // The reasons form loads its served schema first (a skeleton until then).
    fireEvent.click(await within(dialog).findByRole('button', { name: '确认驳回' }, { timeout: 5000 }));
    expect(await within(dialog).findByText('请至少选择一项驳回原因')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();

    // The reason list is lumen:review/reasons.
    fireEvent.click(within(dialog).getByLabelText('含水印、标志或他人商标'));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '请去掉右下角水印' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/admin/review/works/7/reject', {
        reasons: ['watermark'],
        comment: '请去掉右下角水印',
        revisionId: 70,
      }),
    );
    expect(api.sent('POST', '/api/admin/review/works/7/reject')[0].encoding).toBe('json');
  });

  it('shows an appeal with its text, approves the work at the content digest staff looked at, and keeps the stored decision on screen', async () => {
    let decided = false;
    api.post.mockImplementation(async () => {
      decided = true;
      return { ...WORK_ITEM, work: { ...WORK_ITEM.work, status: 1 } };
    });
    const served = api.get.getMockImplementation()!;
    // Once decided, the work leaves the queue.
    api.get.mockImplementation(async (url: string, q?: unknown) =>
      url === '/api/admin/review/queue' && decided ? { total: 1, list: [QUEUE.list[1]] } : served(url, q),
    );
    renderPage();
    fireEvent.click((await screen.findAllByTestId('queue-item'))[0]);
    expect(await screen.findByText('作品为本人原创，可提供源文件')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /通\s*过/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/admin/review/works/3/approve', { digest: 'b'.repeat(32) }),
    );
    expect(api.sent('POST', '/api/admin/review/works/3/approve')[0].encoding).toBe('json');
    // The decision as the server stored it stays on the page (not only a toast), with the work's new status.
    const done = await screen.findByTestId('review-done');
    expect(done).toHaveTextContent('已通过：雪山日落延时');
    expect(screen.getByTestId('review-decision')).toHaveTextContent('已通过');
    expect(screen.getByText('审核通过')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /通\s*过/ })).not.toBeInTheDocument();
    // The queue is reloaded after the decision; 审核下一项 opens the oldest item left.
    await waitFor(() =>
      expect(api.get.mock.calls.filter((c) => c[0] === '/api/admin/review/queue').length).toBeGreaterThan(1),
    );
    fireEvent.click(within(done).getByRole('button', { name: '审核下一项' }));
    await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/api/admin/review/works/7', { revisionId: 70 }));
    expect(await screen.findByText('修改内容')).toBeInTheDocument();
  });

  it('holds 通过 while the media pipeline works on a new work, says why, and offers it once the preview is ready', async () => {
    let media: object = { state: 'processing', progress: 40, message: '正在生成预览', error: null };
    api.get.mockImplementation(async (url: string) => {
      if (url === '/api/admin/review/queue') return QUEUE;
      if (url === '/api/admin/review/works/3') return { ...WORK_ITEM, media };
      return null;
    });
    renderPage();
    fireEvent.click((await screen.findAllByTestId('queue-item'))[0]);
    expect(await screen.findByTestId('review-media-processing')).toHaveTextContent('媒体处理中（40%，正在生成预览）');
    expect(screen.getByRole('button', { name: /通\s*过/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /驳\s*回/ })).toBeEnabled();
    media = READY;
    await waitFor(() => expect(screen.getByRole('button', { name: /通\s*过/ })).toBeEnabled(), { timeout: 8000 });
    expect(screen.queryByTestId('review-media-processing')).not.toBeInTheDocument();
  });

  it('is closed to accounts without the staff role', async () => {
    userStore.setUser({ ...STAFF, roles: ['buyer', 'creator'] });
    renderPage();
    expect(screen.getByText('没有权限：作品审核仅对运营人员开放')).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalledWith('/api/admin/review/queue', expect.anything());
  });
});
