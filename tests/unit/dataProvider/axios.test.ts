import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  download,
  filenameFromDisposition,
  get,
  http,
  MSG_ENVELOPE_FAILED,
  MSG_HTTP_FAILED,
  MSG_NOT_LOGGED_IN,
  post,
  postJson,
  request,
  RequestError,
  REQUEST_TIMEOUT_MS,
  setLoginRequester,
  unwrap,
} from '../../../src/dataProvider/axios';
import { config } from '../../../src/config';
import { envelope, mockHttp } from './mock-adapter';

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as RequestError;
  }
  throw new Error('expected a rejection');
};

afterEach(() => {
  setLoginRequester(null);
  vi.useRealTimers();
  localStorage.clear();
});

describe('envelope rule', () => {
  it('resolves data when code is 200', async () => {
    mockHttp(() => ({ data: { code: 200, data: { a: 1 } } }));
    await expect(get('/api/x')).resolves.toEqual({ a: 1 });
  });

  it('resolves data when success is true whatever the code', async () => {
    mockHttp(() => ({ data: { code: 0, success: true, data: [1] } }));
    await expect(get('/api/x')).resolves.toEqual([1]);
  });

  it('accepts the code as the string "200"', () => {
    expect(unwrap({ code: '200' as unknown as number, data: 'ok' })).toBe('ok');
  });

  it('rejects with msg and the envelope code otherwise', async () => {
    mockHttp(() => ({ data: { code: 500, success: false, msg: '余额不足', data: { need: 3 } } }));
    const e = await rejection(get('/api/x'));
    expect(e).toBeInstanceOf(RequestError);
    expect(e).toMatchObject({ message: '余额不足', code: 500, data: { need: 3 } });
  });

  it("rejects with '网络错误' when the envelope has no msg", async () => {
    mockHttp(() => ({ data: { code: 1 } }));
    expect((await rejection(get('/api/x'))).message).toBe(MSG_ENVELOPE_FAILED);
    mockHttp(() => ({ data: '' }));
    expect((await rejection(get('/api/x'))).message).toBe('网络错误');
  });
});

describe('HTTP errors', () => {
  it('use the server msg', async () => {
    mockHttp(() => ({ status: 400, data: { code: 400, success: false, msg: '手机号格式不正确' } }));
    expect(await rejection(post('/api/x', {}))).toMatchObject({ message: '手机号格式不正确', code: 400 });
  });

  it('use the server error field when there is no msg', async () => {
    mockHttp(() => ({ status: 502, data: { error: 'Bad Gateway' } }));
    expect(await rejection(get('/api/x'))).toMatchObject({ message: 'Bad Gateway', code: 502 });
  });

  it('use the transport message when the server said nothing', async () => {
    mockHttp(() => ({ networkError: { message: 'timeout of 600000ms exceeded', code: 'ECONNABORTED' } }));
    expect(await rejection(get('/api/x'))).toMatchObject({
      message: 'timeout of 600000ms exceeded',
      code: 'ECONNABORTED',
    });
  });

  it("fall back to '网络错误 请稍后再试'", async () => {
    mockHttp(() => ({ networkError: { message: '' } }));
    expect((await rejection(get('/api/x'))).message).toBe(MSG_HTTP_FAILED);
  });

  it('401 -> not-logged-in message, code 401, and the login requester is called', async () => {
    const requester = vi.fn();
    setLoginRequester(requester);
    mockHttp(() => ({ status: 401, data: { code: 401, msg: 'whatever the server says' } }));
    expect(await rejection(get('/api/x'))).toMatchObject({ message: MSG_NOT_LOGGED_IN, code: 401 });
    expect(MSG_NOT_LOGGED_IN).toBe('还没有登录哦，请登录后完成此操作');
    expect(requester).toHaveBeenCalledTimes(1);
  });

  it('401 without a registered requester still rejects', async () => {
    mockHttp(() => ({ status: 401 }));
    expect((await rejection(get('/api/x'))).code).toBe(401);
  });
});

describe('retry', () => {
  it('does not retry without retryTimes', async () => {
    const calls = mockHttp(() => ({ status: 500 }));
    await rejection(get('/api/x'));
    expect(calls).toHaveLength(1);
  });

  it('retries retryTimes times, 1000 ms apart by default, then resolves', async () => {
    vi.useFakeTimers();
    let n = 0;
    const calls = mockHttp(() => (++n < 3 ? { status: 503 } : { data: envelope('third time') }));
    const p = get('/api/x', undefined, { retryTimes: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(p).resolves.toBe('third time');
    expect(calls).toHaveLength(3);
  });

  it('gives up after retryTimes with the last error, honouring retryDelay', async () => {
    vi.useFakeTimers();
    const calls = mockHttp(() => ({ data: { code: 500, msg: '稍后再试' } }));
    const p = rejection(get('/api/x', undefined, { retryTimes: 2, retryDelay: 50 }));
    await vi.advanceTimersByTimeAsync(100);
    expect((await p).message).toBe('稍后再试');
    expect(calls).toHaveLength(3);
  });

  it('does not retry a 401 (the login dialog is asked for once)', async () => {
    const requester = vi.fn();
    setLoginRequester(requester);
    const calls = mockHttp(() => ({ status: 401 }));
    await rejection(get('/api/x', undefined, { retryTimes: 3 }));
    expect(calls).toHaveLength(1);
    expect(requester).toHaveBeenCalledTimes(1);
  });
});

describe('request shape', () => {
  it('GET sends query params', async () => {
    const calls = mockHttp(() => ({ data: envelope(null) }));
    await get('/api/items/list', { page: 2, keyword: '春节' });
    expect(calls[0]).toMatchObject({ method: 'get', url: '/api/items/list', params: { page: 2, keyword: '春节' } });
    expect(calls[0].data).toBeUndefined();
  });

  it('POST sends a form-encoded body without empty values', async () => {
    const calls = mockHttp(() => ({ data: envelope(null) }));
    await post('/api/common/checkLogin', { ticket: 't 1', n: 3, skip: undefined, none: null });
    expect(calls[0].method).toBe('post');
    expect(String(calls[0].headers['Content-Type'])).toContain('application/x-www-form-urlencoded');
    expect(String(calls[0].data)).toBe('ticket=t+1&n=3');
  });

  it('postJson sends JSON', async () => {
    const calls = mockHttp(() => ({ data: envelope(null) }));
    await postJson('/api/common/userPasswordLogin', { username: 'a', ts: 1 });
    expect(String(calls[0].headers['Content-Type'])).toContain('application/json');
    expect(JSON.parse(calls[0].data)).toEqual({ username: 'a', ts: 1 });
  });

  it('PUT and DELETE through request()', async () => {
    const calls = mockHttp(() => ({ data: envelope(null) }));
    await request('PUT', '/api/x/1', { a: 1 }, { json: true });
    await request('DELETE', '/api/x/1', { force: 1 });
    expect(calls[0]).toMatchObject({ method: 'put' });
    expect(JSON.parse(calls[0].data)).toEqual({ a: 1 });
    expect(calls[1]).toMatchObject({ method: 'delete', params: { force: 1 } });
  });

  it('paths containing /community/ go to the community base URL, others to the API base', async () => {
    const saved = { ...config };
    Object.assign(config, { communityBase: 'https://community.test', apiBase: 'https://api.test' });
    try {
      const calls = mockHttp(() => ({ data: envelope(null) }));
      await get('/community/posts');
      await get('/api/items/list');
      await get('https://elsewhere.test/api/x');
      expect(calls[0].baseURL).toBe('https://community.test');
      expect(calls[1].baseURL).toBe('https://api.test');
      expect(calls[2].baseURL).toBeUndefined();
    } finally {
      Object.assign(config, saved);
    }
  });

  it('uses a 600000 ms timeout', async () => {
    const calls = mockHttp(() => ({ data: envelope(null) }));
    await get('/api/x');
    expect(REQUEST_TIMEOUT_MS).toBe(600000);
    expect(calls[0].timeout).toBe(600000);
    expect(http.defaults.timeout).toBe(600000);
  });

  it('sends the stored token as Authorization unless the caller set one', async () => {
    localStorage.setItem('token', 'tok-9');
    const calls = mockHttp(() => ({ data: envelope(null) }));
    await get('/api/x');
    await get('/api/x', undefined, { axios: { headers: { Authorization: 'other' } } });
    expect(calls[0].headers.Authorization).toBe('tok-9');
    expect(calls[1].headers.Authorization).toBe('other');
  });
});

describe('content-disposition filename', () => {
  it.each([
    ['attachment; filename="licence.pdf"', 'licence.pdf'],
    ['attachment; filename=plain.zip', 'plain.zip'],
    ["attachment; filename*=UTF-8''%E6%8E%88%E6%9D%83%E4%B9%A6.pdf", '授权书.pdf'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'%E8%AF%81%E4%B9%A6.pdf', '证书.pdf'],
    ["attachment; filename*=utf-8'zh'%E5%9B%BE.png", '图.png'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A; filename="safe.txt"', 'safe.txt'],
  ])('%s -> %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });

  it('falls back when there is no header or no filename', () => {
    expect(filenameFromDisposition(undefined, 'x.bin')).toBe('x.bin');
    expect(filenameFromDisposition('inline')).toBe('download');
  });
});

describe('download', () => {
  let clicked: string[];
  let hrefs: string[];
  beforeEach(() => {
    clicked = [];
    hrefs = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
      hrefs.push(this.href);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('saves the blob under the content-disposition filename', async () => {
    const calls = mockHttp(() => ({
      data: new Blob(['%PDF'], { type: 'application/pdf' }),
      headers: { 'content-disposition': "attachment; filename*=UTF-8''%E6%8E%88%E6%9D%83.pdf" },
    }));
    await expect(download('/api/order/licence', { id: 3 })).resolves.toBe('授权.pdf');
    expect(calls[0]).toMatchObject({ responseType: 'blob', params: { id: 3 } });
    expect(clicked).toEqual(['授权.pdf']);
  });

  it('uses the fallback name without a header', async () => {
    mockHttp(() => ({ data: new Blob(['x']) }));
    await expect(download('/api/x', undefined, '素材.zip')).resolves.toBe('素材.zip');
  });

  it('rejects with the envelope message carried in an error blob', async () => {
    mockHttp(() => ({
      status: 403,
      data: new Blob([JSON.stringify({ code: 403, msg: '未购买该素材' })], { type: 'application/json' }),
    }));
    expect(await rejection(download('/api/x'))).toMatchObject({ message: '未购买该素材', code: 403 });
    expect(clicked).toEqual([]);
  });

  it('rejects a 200 answer that is a failed envelope instead of a file', async () => {
    mockHttp(() => ({
      data: new Blob([JSON.stringify({ code: 500, success: false, msg: '授权书生成失败' })], {
        type: 'application/json',
      }),
    }));
    expect((await rejection(download('/api/x'))).message).toBe('授权书生成失败');
    expect(clicked).toEqual([]);
  });

  it('follows a storage download link: the browser fetches the presigned URL itself, nothing is buffered', async () => {
    const signed =
      'https://bucket.example/media-original/202611/ab.mp4?X-Amz-Signature=1&response-content-disposition=attachment';
    mockHttp(() => ({
      data: new Blob([JSON.stringify(envelope({ url: signed, filename: '熊猫.mp4', expiresIn: 300 }))], {
        type: 'application/json',
      }),
    }));
    await expect(download('/api/order/download/7', undefined, '素材')).resolves.toBe('熊猫.mp4');
    expect(hrefs).toEqual([signed]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('does not follow a link that is not a web address', async () => {
    mockHttp(() => ({
      data: new Blob([JSON.stringify(envelope({ url: 'javascript:alert(1)' }))], { type: 'application/json' }),
    }));
    await download('/api/x', undefined, 'x.json');
    expect(hrefs).toEqual(['blob:x']);
  });
});
