import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { config } from '../config';
import { getToken } from '../lib/token';
import { earlyUrl, takeEarly } from './early';
import { peekPrefetched, settledPromise } from './prefetched';

/** Spec §9: 600000 ms request timeout; retries only when retryTimes is given, 1000 ms apart by default. */
export const REQUEST_TIMEOUT_MS = 600_000;
export const DEFAULT_RETRY_DELAY_MS = 1000;
export const MSG_ENVELOPE_FAILED = '网络错误';
export const MSG_HTTP_FAILED = '网络错误 请稍后再试';
export const MSG_NOT_LOGGED_IN = '还没有登录哦，请登录后完成此操作';

export interface Envelope<T = unknown> {
  code: number;
  success?: boolean;
  msg?: string;
  message?: string;
  data: T;
}

/** The error every call rejects with: a Chinese message and the code (HTTP or envelope). */
export class RequestError extends Error {
  constructor(
    message: string,
    public code: number | string | undefined,
    public data: unknown = null,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export interface RequestOptions {
  /** POST a JSON body instead of the default form-encoded body. */
  json?: boolean;
  /** Retry this many times on failure (none by default). */
  retryTimes?: number;
  retryDelay?: number;
  /** Extra axios options (headers, responseType, signal, onUploadProgress...). */
  axios?: AxiosRequestConfig;
}

// Who shows the login dialog on a 401; the login component registers itself here.
let loginRequester: (() => unknown) | null = null;
export function setLoginRequester(fn: (() => unknown) | null): void {
  loginRequester = fn;
}

/** Envelope rule: resolve when code == 200 or success == true, else reject with msg or '网络错误'. */
export function unwrap<T>(body: Envelope<T>): T {
  // Loose on purpose (spec: code == 200): some gateways send the code as the string "200".
  if (body && (Number(body.code) === 200 || body.success === true)) return body.data;
  throw new RequestError(body?.msg || MSG_ENVELOPE_FAILED, body?.code, body?.data);
}

/** HTTP failure -> RequestError: server message or error, else transport message, else the default. */
export function toRequestError(err: unknown): RequestError {
  if (err instanceof RequestError) return err;
  const e = err as AxiosError<any>;
  const status = e.response?.status;
  if (status === 401) {
    loginRequester?.();
    return new RequestError(MSG_NOT_LOGGED_IN, 401);
  }
  const body = e.response?.data;
  const serverMsg = body && typeof body === 'object' ? body.msg || body.message || body.error : undefined;
  return new RequestError(serverMsg || e.message || MSG_HTTP_FAILED, status ?? e.code, body?.data ?? null);
}

/** Paths containing /community/ go to the community API host (spec §7). */
export function baseUrlFor(url: string): string {
  return url.includes('/community/') ? config.communityBase : config.apiBase;
}

export const http: AxiosInstance = axios.create({ timeout: REQUEST_TIMEOUT_MS });
http.interceptors.request.use((cfg) => {
  const token = getToken();
  if (token && !cfg.headers.Authorization) cfg.headers.Authorization = token;
  if (cfg.url && !/^https?:/.test(cfg.url)) cfg.baseURL = baseUrlFor(cfg.url);
  return cfg;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withRetry<T>(fn: () => Promise<T>, opts: RequestOptions): Promise<T> {
  const times = opts.retryTimes ?? 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      // A 401 has already asked for the login dialog; retrying would only ask again.
      if (attempt >= times || (e instanceof RequestError && e.code === 401)) throw e;
      await sleep(opts.retryDelay ?? DEFAULT_RETRY_DELAY_MS);
    }
  }
}

/** One call through the envelope rule. GET sends query params; POST is form-encoded unless json. */
export function request<T = any>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: Record<string, any>,
  opts: RequestOptions = {},
): Promise<T> {
  if (method === 'GET' && !opts.axios) {
    const key = earlyUrl(url, data);
    const rendered = peekPrefetched(key);
    // The page was rendered by the server from this answer: render the same, now.
    if (rendered !== undefined) {
      try {
        return settledPromise(unwrap(rendered as Envelope<T>));
      } catch (e) {
        return Promise.reject(e);
      }
    }
    // On the server only prefetched answers exist; a section without one renders its loading state.
    if (import.meta.env.SSR) return new Promise<T>(() => undefined);
    const early = takeEarly(key);
    // An answer index.html already asked for; if it failed, the request below asks again (with retries).
    if (early)
      return early.then((body) => unwrap(body as Envelope<T>)).catch(() => request<T>(method, url, data, opts));
  }
  return withRetry(async () => {
    const cfg: AxiosRequestConfig = { method, url, ...opts.axios };
    if (method === 'GET' || method === 'DELETE') cfg.params = data;
    else if (opts.json) cfg.data = data ?? {};
    else {
      cfg.data = new URLSearchParams(
        Object.entries(data ?? {})
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, String(v)]),
      );
      cfg.headers = { ...cfg.headers, 'Content-Type': 'application/x-www-form-urlencoded' };
    }
    try {
      const res = await http.request<Envelope<T>>(cfg);
      return unwrap(res.data);
    } catch (e) {
      throw toRequestError(e);
    }
  }, opts);
}

export const get = <T = any>(url: string, params?: Record<string, any>, opts?: RequestOptions) =>
  request<T>('GET', url, params, opts);
export const post = <T = any>(url: string, body?: Record<string, any>, opts?: RequestOptions) =>
  request<T>('POST', url, body, opts);
export const postJson = <T = any>(url: string, body?: Record<string, any>, opts?: RequestOptions) =>
  request<T>('POST', url, body, { ...opts, json: true });

/** Filename from Content-Disposition, preferring RFC 5987 filename*=UTF-8''... */
export function filenameFromDisposition(header: string | undefined | null, fallback = 'download'): string {
  if (!header) return fallback;
  const star = header.match(/filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain filename */
    }
  }
  const plain = header.match(/filename\s*=\s*("([^"]*)"|[^;]+)/i);
  return plain ? (plain[2] ?? plain[1]).trim() : fallback;
}

/** A download the server hands off to object storage: a short-lived URL that answers with the file and its name. */
interface DownloadLink {
  url: string;
  filename?: string;
}

const asDownloadLink = (data: unknown): DownloadLink | null => {
  if (!data || typeof data !== 'object' || typeof (data as DownloadLink).url !== 'string') return null;
  try {
    // Only web addresses are followed (never javascript: or data: from a tampered answer).
    return /^https?:$/.test(new URL((data as DownloadLink).url, window.location.href).protocol)
      ? (data as DownloadLink)
      : null;
  } catch {
    return null;
  }
};

const clickLink = (href: string, name?: string) => {
  const a = document.createElement('a');
  a.href = href;
  if (name) a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
};

/**
 * Downloads a file and saves it under the server's filename. When the server answers with a
 * download link instead (files in object storage), the browser fetches that URL itself: the
 * storage's Content-Disposition names the file and nothing large passes through memory here.
 */
export async function download(url: string, params?: Record<string, any>, fallbackName = 'download'): Promise<string> {
  let res;
  try {
    res = await http.get<Blob>(url, { params, responseType: 'blob' });
  } catch (e) {
    // Error bodies of blob requests are JSON envelopes in a Blob.
    const ax = e as AxiosError<any>;
    if (ax.response?.data instanceof Blob) {
      try {
        ax.response.data = JSON.parse(await ax.response.data.text());
      } catch {
        /* not JSON */
      }
    }
    throw toRequestError(e);
  }
  // A failure may come back as a 200 JSON envelope instead of the file: apply the envelope rule.
  if (res.data instanceof Blob && /json/i.test(res.data.type || String(res.headers['content-type'] ?? ''))) {
    let body: Envelope<unknown> | null = null;
    try {
      body = JSON.parse(await res.data.text());
    } catch {
      /* a genuine JSON file: save it */
    }
    if (body && typeof body === 'object' && 'code' in body) {
      const link = asDownloadLink(unwrap(body));
      if (link) {
        // Cross-origin: the download attribute is ignored there, the storage's Content-Disposition decides.
        clickLink(link.url);
        return link.filename || fallbackName;
      }
    }
  }
  const name = filenameFromDisposition(res.headers['content-disposition'], fallbackName);
  // Revoked a second later through the same URL object that made it (a test's jsdom may be gone by then).
  const urls = URL;
  const href = urls.createObjectURL(res.data);
  clickLink(href, name);
  setTimeout(() => urls.revokeObjectURL(href), 1000);
  return name;
}
