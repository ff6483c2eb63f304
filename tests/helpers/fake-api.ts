import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterAll, beforeAll, beforeEach, vi, type Mock } from 'vitest';
import { http } from '../../src/dataProvider/axios';
import { clearPrefetched } from '../../src/dataProvider/prefetched';
import { fail, ok } from '../../server/src/http/envelope';

/**
 * A fake API server for unit tests, at axios's own extension point: the adapter of the app's
 * instance (`http.defaults.adapter`). The client's real request code runs (get/post/postJson/
 * request, form or JSON encoding, the envelope rule, RequestError), so a file needs no vi.mock of
 * the HTTP layer and can share its worker's module graph (the unit-shared project).
 *
 *   const api = fakeApi();
 *   beforeEach(() => api.get.mockImplementation(async (url) => (url === '/api/x' ? { list: [] } : null)));
 *   expect(api.post).toHaveBeenCalledWith('/api/y', { id: '3' });   // form bodies arrive as strings
 *   expect(api.sent('POST', '/api/y')[0].encoding).toBe('json');
 *
 * Each method has a handler, `(url, data)`: data is the query (GET, DELETE) or the decoded body. A
 * handler's default implementation looks the request up in a route table filled with
 * `api.answer('GET', '/api/x', value or (data) => value)`; a test may replace it (mockImplementation).
 * What a handler returns is answered as the server's success envelope (`ok`), through JSON as on the
 * wire; nothing (an unknown route) answers `data: null`. What it throws is answered as the server's
 * failure envelope (`fail`): an ApiRefusal at its status with its data (e.g. `{ fieldErrors }`), any
 * other error as a 500 with the error's message. The page then sees RequestError with that message.
 *
 * Call at a file's top level: the adapter is installed for the file (beforeAll) and the one before it
 * put back after (afterAll); before each test the handlers and the route table are reset and
 * `requests` emptied.
 */
export type FakeMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SentRequest {
  method: FakeMethod;
  /** As the page passed it (relative, without the base URL). */
  url: string;
  params: Record<string, unknown> | undefined;
  /** Decoded: a JSON body parsed, a form body as an object of strings, FormData as is. */
  body: unknown;
  encoding: 'json' | 'form' | 'multipart' | 'none' | 'other';
  headers: Record<string, string>;
}

/** Thrown by a handler: the server refuses with this message, HTTP status and envelope data. */
export class ApiRefusal extends Error {
  constructor(
    message: string,
    public status = 400,
    public data: unknown = null,
  ) {
    super(message);
  }
}

type Handler = Mock<(url: string, data: any) => unknown>;

export interface FakeApi {
  get: Handler;
  post: Handler;
  put: Handler;
  patch: Handler;
  delete: Handler;
  /** Every request of the current test, in order. */
  requests: SentRequest[];
  /** The requests of the current test with this method and URL. */
  sent(method: FakeMethod, url: string): SentRequest[];
  /** Routes a request (exact URL) to this answer, or to this function of its query or body. */
  answer(method: FakeMethod, url: string, answer: unknown): void;
}

function decodeBody(cfg: InternalAxiosRequestConfig, headers: AxiosHeaders): Pick<SentRequest, 'body' | 'encoding'> {
  const data: unknown = cfg.data;
  if (data === undefined || data === null) return { body: undefined, encoding: 'none' };
  if (typeof FormData !== 'undefined' && data instanceof FormData) return { body: data, encoding: 'multipart' };
  const type = String(headers.getContentType() ?? '');
  // axios's request transform has already serialised plain objects (JSON) and URLSearchParams (form).
  if (typeof data === 'string' && /json/i.test(type)) return { body: JSON.parse(data), encoding: 'json' };
  if (typeof data === 'string' && /x-www-form-urlencoded/i.test(type))
    return { body: Object.fromEntries(new URLSearchParams(data)), encoding: 'form' };
  return { body: data, encoding: 'other' };
}

const lower = (m: FakeMethod) => m.toLowerCase() as Lowercase<FakeMethod>;

export function fakeApi(): FakeApi {
  const routes = new Map<string, unknown>();
  const api: FakeApi = {
    get: vi.fn(),
    post: vi.fn(),
    put: vi.fn(),
    patch: vi.fn(),
    delete: vi.fn(),
    requests: [],
    sent: (method, url) => api.requests.filter((r) => r.method === method && r.url === url),
    answer: (method, url, answer) => void routes.set(`${method} ${url}`, answer),
  };
  const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  const routed = (method: FakeMethod) => (url: string, data: unknown) => {
    const a = routes.get(`${method} ${url}`);
    return typeof a === 'function' ? a(data) : a;
  };

  const adapter: AxiosAdapter = async (cfg) => {
    const method = (cfg.method ?? 'get').toUpperCase() as FakeMethod;
    const headers = AxiosHeaders.from(cfg.headers as AxiosHeaders);
    const { body, encoding } = decodeBody(cfg, headers);
    const url = cfg.url ?? '';
    api.requests.push({
      method,
      url,
      params: cfg.params,
      body,
      encoding,
      headers: headers.toJSON() as Record<string, string>,
    });
    const handler = api[lower(method)];
    const respond = (status: number, envelope: unknown): AxiosResponse => ({
      // Through JSON, as on the wire: the page never holds the test's own objects.
      data: JSON.parse(JSON.stringify(envelope)),
      status,
      statusText: '',
      headers: new AxiosHeaders({ 'content-type': 'application/json; charset=utf-8' }),
      config: cfg,
      request: {},
    });
    let response: AxiosResponse;
    try {
      const result = await handler(url, method === 'GET' || method === 'DELETE' ? cfg.params : body);
      response = respond(200, ok(result ?? null));
    } catch (e) {
      const err = e instanceof ApiRefusal ? e : new ApiRefusal(e instanceof Error ? e.message : String(e), 500);
      response = respond(err.status, fail(err.status, err.message, err.data));
    }
    // As axios's own adapters settle: the request's validateStatus decides (default: 2xx resolves).
    const { status } = response;
    if (!cfg.validateStatus || cfg.validateStatus(status)) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      cfg,
      {},
      response,
    );
  };

  let previous: typeof http.defaults.adapter;
  beforeAll(() => {
    previous = http.defaults.adapter;
    http.defaults.adapter = adapter;
    // A server-rendered page's answers (module state another file may have left) would answer GETs
    // before any adapter sees them.
    clearPrefetched();
  });
  afterAll(() => {
    http.defaults.adapter = previous;
  });
  beforeEach(() => {
    api.requests.length = 0;
    routes.clear();
    for (const m of METHODS) api[lower(m)].mockReset().mockImplementation(routed(m));
  });
  return api;
}
