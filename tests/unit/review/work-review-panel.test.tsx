import '@testing-library/jest-dom/vitest';
import '../../helpers/antd-jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '../../helpers/fake-api';
import { WorkReviewPanel } from '../../../src/pages/creator/works/WorkReviewPanel';
import { RowActions } from '../../../src/resources/views/RowActions';
import { works } from '../../../src/resources';

const REVIEW = {
  revision: {
    id: 70,
    status: 3,
    appeal: false,
    submittedAt: '2026-05-02T08:00:00Z',
    fields: { title: '碧海蓝天航拍', description: '', tags: [], price: 99 },
    diff: [{ field: 'title', before: '青山晨雾远眺', after: '碧海蓝天航拍' }],
  },
  notice: {
    scope: 'revision',
    action: 'revision_reject',
    reasons: [{ code: 'watermark', title: '含水印、标志或他人商标' }],
    comment: '请去掉右下角水印',
    at: '2026-05-03T08:00:00Z',
  },
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
    {
      id: 2,
      revisionId: 70,
      actorRole: 'staff',
      actorName: null,
      action: 'revision_reject',
      from: 0,
      to: 3,
      reasons: [{ code: 'watermark', title: '含水印、标志或他人商标' }],
      comment: '请去掉右下角水印',
      at: '2026-05-03T08:00:00Z',
    },
  ],
};

const api = fakeApi();
beforeEach(() => {
  api.get.mockImplementation(async (url: string) => (url === '/api/user/works/7/review' ? REVIEW : null));
});
afterEach(cleanup);

describe("a work's review state for its creator", { timeout: 20_000 }, () => {
  it('shows the rejection reasons and comment, the revision diff and the timeline with reviewer hidden', async () => {
    render(
      <AntdApp>
        <WorkReviewPanel work={{ id: 7, status: 1, revision_status: 3 }} />
      </AntdApp>,
    );
    const notice = await screen.findByTestId('review-notice');
    expect(within(notice).getByText('作品修改未通过，在售的仍是原版本')).toBeInTheDocument();
    expect(within(notice).getByText('含水印、标志或他人商标')).toBeInTheDocument();
    expect(within(notice).getByText('审核意见：请去掉右下角水印')).toBeInTheDocument();
    const revision = screen.getByTestId('pending-revision');
    expect(within(revision).getByText('修改未通过')).toBeInTheDocument();
    expect(within(revision).getByText('碧海蓝天航拍')).toBeInTheDocument();
    const events = screen.getAllByTestId('timeline-event');
    expect(within(events[1]).getByText('修改审核驳回')).toBeInTheDocument();
    expect(within(events[1]).getByText('修改审核中 → 修改未通过')).toBeInTheDocument();
    expect(within(events[1]).getByText(/审核员$/)).toBeInTheDocument();
  });

  it('offers the actions the work and its revision allow; an appeal asks for its text in a schema form', async () => {
    const row = { id: 7, status: 1, revision_status: 3 };
    render(
      <MemoryRouter>
        <AntdApp>
          <RowActions def={works} row={row} onDone={() => undefined} />
        </AntdApp>
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual([
      '下架',
      '对修改驳回申诉',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '对修改驳回申诉' }));
    const dialog = await screen.findByRole('dialog');
    // The appeal form loads its served schema first (a skeleton until then).
    fireEvent.change(await within(dialog).findByRole('textbox', {}, { timeout: 5000 }), { target: { value: '冤' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请用5至1000字说明申诉理由')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '水印是拍摄现场的路牌，并非后期添加' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/user/works/7/appeal', { text: '水印是拍摄现场的路牌，并非后期添加' }),
    );
    expect(api.sent('POST', '/api/user/works/7/appeal')[0].encoding).toBe('json');
  });

  it('a draft can be submitted; a taken-down work relisted; a pending revision withdrawn', () => {
    const labels = (row: object) => {
      cleanup();
      render(
        <MemoryRouter>
          <AntdApp>
            <RowActions def={works} row={row} onDone={() => undefined} />
          </AntdApp>
        </MemoryRouter>,
      );
      return screen.queryAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));
    };
    expect(labels({ id: 1, status: 9, revision_status: null })).toEqual(['提交审核']);
    expect(labels({ id: 1, status: 2, revision_status: null })).toEqual(['重新上架']);
    expect(labels({ id: 1, status: 1, revision_status: 0 })).toEqual(['下架', '撤回修改']);
    expect(labels({ id: 1, status: 3, revision_status: null })).toEqual(['提交审核', '申诉']);
  });
});
