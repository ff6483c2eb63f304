import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { fakeApi } from '../../helpers/fake-api';
import { StripScrub, WorkMediaCell } from '../../../src/pages/creator/works/WorkMediaCell';

const api = fakeApi();

const base = { progress: 0, message: null, error: null, stripUrl: null, strip: null };
const strip = { columns: 10, rows: 1, tileWidth: 160, tileHeight: 90, times: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] };

describe('/creator/works processing cell', { timeout: 15_000 }, () => {
  afterEach(cleanup);

  it('shows 处理中 with the job progress, then the failure reason, and 重试 re-enqueues', async () => {
    const states = [{ ...base, state: 'processing', progress: 40, message: '正在转码' }];
    api.answer(
      'GET',
      '/api/user/works/7/media',
      () => states.shift() ?? { ...base, state: 'failed', error: 'ffmpeg 无法解码该文件' },
    );
    api.answer('POST', '/api/user/works/7/media/retry', {
      ...base,
      state: 'processing',
      progress: 0,
      message: '排队中',
    });
    render(
      <AntdApp>
        <WorkMediaCell workId={7} />
      </AntdApp>,
    );
    expect(await screen.findByText('正在转码')).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();
    // Polled until the job ends (every 2 s).
    expect(await screen.findByText('ffmpeg 无法解码该文件', {}, { timeout: 4000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByText('排队中')).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/api/user/works/7/media/retry', {});
    expect(api.sent('POST', '/api/user/works/7/media/retry')[0].encoding).toBe('json');
    expect(api.get).toHaveBeenCalledWith('/api/user/works/7/media', undefined);
  });

  it('scrubs the keyframe strip: the tile follows the pointer across the thumbnail', () => {
    render(<StripScrub url="/files/media-public/strip.jpg" strip={strip} />);
    const el = screen.getByTestId('strip-scrub');
    el.getBoundingClientRect = () => ({ left: 100, top: 0, width: 128, height: 72 }) as DOMRect;
    expect(el.dataset.tile).toBe('0');
    fireEvent.mouseMove(el, { clientX: 100 + 64 });
    expect(el.dataset.tile).toBe('5');
    expect(el.style.backgroundPosition).toBe(`${(5 / 9) * 100}% 0%`);
    fireEvent.mouseMove(el, { clientX: 100 + 127 });
    expect(el.dataset.tile).toBe('9');
    fireEvent.mouseLeave(el);
    expect(el.dataset.tile).toBe('0');
  });
});
