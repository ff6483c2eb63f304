import '../../helpers/antd-jsdom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { FakeXHR } from './fake-xhr';
import { fakeApi } from '../../helpers/fake-api';
import { ChunkUploader } from '../../../src/components/uploader';

// antd's first render and the real uploader's timers are slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const MB = 1024 * 1024;
let nextId = 0;
const registered: Array<Record<string, unknown>> = [];
/** Registration waits for this gate (to look at files still waiting). */
let initGate: Promise<void> = Promise.resolve();

// The server side of registration: fresh ids; the file called 'stored.png' is one the server has.
const api = fakeApi();
async function initUpload(body: { name: string; size: number }) {
  await initGate;
  registered.push(body);
  const id = `u${String(++nextId).padStart(24, '0')}`;
  const totalChunks = Math.max(Math.floor(body.size / MB), 1);
  const complete = body.name === 'stored.png';
  return {
    id,
    state: complete ? 'complete' : 'receiving',
    filename: body.name,
    size: body.size,
    chunkSize: MB,
    totalChunks,
    uploaded: complete ? [1] : [],
    proof: null,
    error: null,
  };
}

/**
 * jsdom cannot decode media: an image never loads there (the browser-side probe would wait for its
 * timeout). This one reports the file undecodable at once, as a browser does for a broken image; the
 * rule's type, extension and size checks still run in the browser, the pixel size is the server's.
 */
class UndecodableImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_url: string) {
    queueMicrotask(() => this.onerror?.());
  }
}

/** The fake chunk endpoint: test GET 204/200, POST records the chunk and lists all received ones. */
const received = new Map<string, Set<number>>();
let postAnswer: (x: FakeXHR) => 'hold' | { status: number; body?: unknown } | null = () => null;
function chunkServer(x: FakeXHR) {
  if (!x.url.includes('/api/upload/chunk')) return { status: 404 };
  const id = x.param('identifier')!;
  const n = Number(x.param('chunkNumber'));
  const got = received.get(id) ?? new Set<number>();
  received.set(id, got);
  if (x.method === 'GET')
    return got.has(n) ? { status: 200, body: { code: 200, data: { uploaded: [...got] } } } : { status: 204 };
  const special = postAnswer(x);
  if (special) return special;
  got.add(n);
  const total = Number(x.param('totalChunks'));
  return {
    status: 200,
    body: { code: 200, data: { id, state: got.size === total ? 'complete' : 'receiving', uploaded: [...got].sort() } },
  };
}

/** Answers a held POST the way chunkServer would have. */
function release(x: FakeXHR) {
  const saved = postAnswer;
  postAnswer = () => null;
  const a = chunkServer(x) as { status: number; body?: unknown };
  postAnswer = saved;
  x.respond(a.status, a.body);
}

const chunkRequests = () => FakeXHR.requests.filter((r) => r.url.includes('/api/upload/chunk'));
const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
const drop = (files: File[]) => fireEvent.drop(screen.getByTestId('upload-drop'), { dataTransfer: { files } });
const rowOf = (name: string) => screen.getAllByTestId('upload-row').find((r) => r.textContent!.includes(name))!;

beforeEach(() => {
  // Upload ids count from 1 in every test (the tests assert them, and may run in any order).
  nextId = 0;
  api.answer('POST', '/api/upload/init', initUpload);
  api.get.mockImplementation(async (url: string) =>
    url.startsWith('/api/upload/')
      ? { id: url.split('/').pop(), state: 'complete', uploaded: [], proof: null, error: null }
      : null,
  );
  api.delete.mockResolvedValue({});
  vi.stubGlobal('Image', UndecodableImage);
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  FakeXHR.requests = [];
  FakeXHR.handler = chunkServer;
  postAnswer = () => null;
  received.clear();
  registered.length = 0;
  initGate = Promise.resolve();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ChunkUploader (simple-uploader.js inside antd)', () => {
  it('refuses a file the rule forbids before any request, and shows the rule', async () => {
    render(<ChunkUploader workType={11} />);
    expect(
      screen.getByText(/请上传JPG\/JPEG\/PNG格式图片，大小不超过50MB，图片尺寸需在800x600至20000x20000像素之间/),
    ).toBeInTheDocument();
    drop([file('动图.gif', 1000, 'image/gif')]);
    await waitFor(() => expect(rowOf('动图.gif')).toHaveAttribute('data-state', 'error'));
    expect(within(rowOf('动图.gif')).getByText('上传失败')).toBeInTheDocument();
    expect(within(rowOf('动图.gif')).getByText('请上传JPG/JPEG/PNG格式图片，大小不超过50MB')).toBeInTheDocument();
    // The file itself breaks the rule: no retry is offered, only removal.
    expect(within(rowOf('动图.gif')).queryByRole('button', { name: '重试' })).toBeNull();
    expect(registered).toEqual([]);
    expect(chunkRequests()).toEqual([]);
  });

  it('shows waiting, uploading with chunk states, paused, retry and success; uses the server id and the §9 defaults', async () => {
    let failOnce = true;
    postAnswer = (x) => {
      if (x.param('chunkNumber') === '2' && failOnce) {
        failOnce = false;
        return { status: 503, body: { code: 503, msg: '服务器繁忙，请稍后重试' } };
      }
      return 'hold';
    };
    let openGate = () => {};
    initGate = new Promise((r) => (openGate = r));
    const done = vi.fn();
    render(<ChunkUploader workType={11} onComplete={done} />);
    // Two same-size files whose names differ only in Chinese characters: two uploads, two ids.
    drop([file('山川日出.png', 4.5 * MB, 'image/png'), file('山川日落.png', 4.5 * MB, 'image/png')]);
    await waitFor(() => expect(screen.getAllByTestId('upload-row')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByText('正在登记上传')).toHaveLength(2));
    expect(screen.getAllByText('等待上传')).toHaveLength(2);
    openGate();
    await waitFor(() => expect(registered).toHaveLength(2));
    expect(registered[0]).toMatchObject({
      name: '山川日出.png',
      workType: 11,
      chunkSize: MB,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    // First request of a file is the test GET (204), then its first chunk is held in flight.
    await waitFor(() => expect(FakeXHR.pending().length).toBeGreaterThan(0));
    const first = chunkRequests()[0];
    expect(first.method).toBe('GET');
    expect(first.param('identifier')).toMatch(/^u0+[12]$/);
    expect(first.param('chunkSize')).toBe(String(MB));
    await waitFor(() => expect(rowOf('山川日出.png')).toHaveAttribute('data-state', 'uploading'));
    await waitFor(() => expect(within(rowOf('山川日出.png')).getByText('上传中')).toBeInTheDocument());
    expect(within(rowOf('山川日出.png')).getByText(/分片上传中 1/)).toBeInTheDocument();
    expect(within(rowOf('山川日出.png')).getByText(/分片等待 3/)).toBeInTheDocument();
    const ids = new Set(chunkRequests().map((r) => r.param('identifier')));
    expect(ids.size).toBe(2);

    // Pause the first file: its request is aborted and the state reads 已暂停.
    fireEvent.click(within(rowOf('山川日出.png')).getByRole('button', { name: '暂停' }));
    await waitFor(() => expect(rowOf('山川日出.png')).toHaveAttribute('data-state', 'paused'));
    expect(within(rowOf('山川日出.png')).getByText('已暂停')).toBeInTheDocument();
    fireEvent.click(within(rowOf('山川日出.png')).getByRole('button', { name: '继续' }));

    // Release everything as it comes; chunk 2 of each file fails once with 503 and is retried.
    for (let i = 0; i < 200 && screen.queryAllByText('上传成功').length < 2; i++) {
      await act(async () => {
        for (const x of FakeXHR.pending()) release(x);
        await new Promise((r) => setTimeout(r, 20));
      });
    }
    await waitFor(() => expect(screen.getAllByText('上传成功')).toHaveLength(2));
    expect(chunkRequests().filter((r) => r.status === 503)).toHaveLength(1);
    expect(screen.getByTestId('upload-completed')).toHaveTextContent('u000000000000000000000001');
    expect(done).toHaveBeenCalledTimes(2);
  }, 30_000);

  it('shows a retried chunk and the Chinese reason of a permanent failure', async () => {
    let calls = 0;
    postAnswer = (x) => {
      if (x.param('chunkNumber') !== '1') return null;
      calls++;
      return calls === 1 ? { status: 503, body: { msg: '服务器繁忙，请稍后重试' } } : 'hold';
    };
    render(<ChunkUploader workType={11} />);
    drop([file('无效.png', 2 * MB, 'image/png')]);
    await waitFor(() => expect(within(rowOf('无效.png')).getByText(/分片重试 1/)).toBeInTheDocument(), {
      timeout: 8000,
    });
    const held = () => FakeXHR.pending().find((x) => x.method === 'POST');
    await waitFor(() => expect(held()).toBeDefined(), { timeout: 8000 });
    act(() => held()!.respond(415, { code: 415, msg: '请上传JPG/JPEG/PNG格式图片，大小不超过50MB' }));
    await waitFor(() => expect(rowOf('无效.png')).toHaveAttribute('data-state', 'error'));
    expect(within(rowOf('无效.png')).getByText('上传失败')).toBeInTheDocument();
    expect(within(rowOf('无效.png')).getByText('请上传JPG/JPEG/PNG格式图片，大小不超过50MB')).toBeInTheDocument();
    expect(within(rowOf('无效.png')).getByRole('button', { name: '重试' })).toBeInTheDocument();
  }, 20_000);

  it('a file the server already has completes at once (秒传) without chunk requests, also under StrictMode', async () => {
    // StrictMode mounts, unmounts and remounts: the uploader must still finish what was started.
    render(
      <StrictMode>
        <ChunkUploader workType={11} />
      </StrictMode>,
    );
    drop([file('stored.png', 1.5 * MB, 'image/png')]);
    await waitFor(() => expect(within(rowOf('stored.png')).getByText('秒传')).toBeInTheDocument());
    expect(within(rowOf('stored.png')).getByText('上传成功')).toBeInTheDocument();
    expect(chunkRequests()).toEqual([]);
    expect(api.sent('POST', '/api/upload/init')).not.toEqual([]);
  });

  it('the same file dropped twice on one page is uploaded once; its time goes to the server for a resume', async () => {
    render(<ChunkUploader workType={11} />);
    // Each pick of a file gives a new File object with the same name, size and time.
    const pick = () =>
      new File([new Uint8Array(2 * MB)], '同一张.png', { type: 'image/png', lastModified: 1_700_000_000_000 });
    drop([pick()]);
    await waitFor(() => expect(registered).toHaveLength(1));
    drop([pick()]);
    await waitFor(() => expect(screen.getAllByTestId('upload-row')).toHaveLength(2));
    const [, twin] = screen.getAllByTestId('upload-row');
    await waitFor(() => expect(twin).toHaveAttribute('data-state', 'error'));
    expect(within(twin).getByText('该文件已在上传列表中')).toBeInTheDocument();
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({ name: '同一张.png', lastModified: 1_700_000_000_000 });
  });
});
