/**
 * A stand-in XMLHttpRequest for the real simple-uploader.js in jsdom: requests are recorded and
 * answered by a handler, or held until the test releases them (to look at in-flight states).
 */
type Listener = (e: any) => void;

export type Answer = { status: number; body?: unknown } | 'hold';

export class FakeXHR {
  static requests: FakeXHR[] = [];
  static handler: (x: FakeXHR) => Answer = () => ({ status: 404 });

  method = '';
  url = '';
  body: unknown = null;
  headers: Record<string, string> = {};
  readyState = 0;
  status = 0;
  responseText = '';
  response = '';
  responseType = '';
  responseURL = '';
  timeout = 0;
  withCredentials = false;
  aborted = false;
  private listeners: Record<string, Listener[]> = {};
  upload = { addEventListener: (_t: string, _fn: Listener) => undefined };
  onreadystatechange: Listener | null = null;
  onloadend: Listener | null = null;
  onload: Listener | null = null;
  onerror: Listener | null = null;
  onabort: Listener | null = null;
  ontimeout: Listener | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json';
  }
  getResponseHeader() {
    return 'application/json';
  }
  addEventListener(type: string, fn: Listener) {
    (this.listeners[type] ??= []).push(fn);
  }
  removeEventListener(type: string, fn: Listener) {
    this.listeners[type] = (this.listeners[type] ?? []).filter((f) => f !== fn);
  }
  send(body: unknown) {
    this.body = body;
    FakeXHR.requests.push(this);
    const a = FakeXHR.handler(this);
    if (a !== 'hold') setTimeout(() => this.respond(a.status, a.body), 0);
  }
  abort() {
    this.aborted = true;
  }
  /** Answers the request (ignored once aborted, like a real cancelled request). */
  respond(status: number, body?: unknown) {
    if (this.aborted) return;
    this.readyState = 4;
    this.status = status;
    this.responseText = this.response = body === undefined ? '' : JSON.stringify(body);
    for (const fn of this.listeners.load ?? []) fn({ type: 'load' });
    this.onreadystatechange?.({});
    this.onload?.({});
    this.onloadend?.({});
  }

  /** The protocol parameter of a chunk request (query for GET, form field for POST). */
  param(name: string): string | null {
    if (this.method === 'GET') return new URL(this.url, 'http://x').searchParams.get(name);
    return (this.body as FormData).get(name) as string | null;
  }

  static pending(): FakeXHR[] {
    return FakeXHR.requests.filter((r) => r.readyState !== 4 && !r.aborted);
  }
}
