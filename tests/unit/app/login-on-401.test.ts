import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// main.tsx runs as in the browser, minus React rendering: the wiring under test is what it calls.
const render = vi.hoisted(() => vi.fn());
vi.mock('react-dom/client', () => ({ createRoot: () => ({ render }) }));
vi.mock('../../../src/App', () => ({ default: () => null }));

import { get, MSG_NOT_LOGGED_IN, type RequestError } from '../../../src/dataProvider/axios';
import { registerLoginOpener } from '../../../src/components/login';
import { envelope, mockHttp } from '../dataProvider/mock-adapter';

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: RequestError) => e,
  );

beforeAll(async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await import('../../../src/main');
});
afterEach(() => registerLoginOpener(null));

describe('main.tsx wiring: HTTP 401 opens the login dialog', () => {
  it('renders the app once', () => {
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('asks the mounted login dialog to open on a 401 and rejects with the not-logged-in message', async () => {
    const open = vi.fn().mockResolvedValue(true);
    registerLoginOpener(open);
    mockHttp(() => ({ status: 401, data: { code: 401, msg: 'token expired' } }));
    expect(await rejection(get('/api/order/list'))).toMatchObject({ message: MSG_NOT_LOGGED_IN, code: 401 });
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('does not open the dialog for other failures or successes', async () => {
    const open = vi.fn().mockResolvedValue(true);
    registerLoginOpener(open);
    mockHttp((cfg) =>
      cfg.url === '/api/ok' ? { data: envelope(1) } : { status: 500, data: { msg: '服务器开小差了' } },
    );
    await expect(get('/api/ok')).resolves.toBe(1);
    expect((await rejection(get('/api/fail'))).message).toBe('服务器开小差了');
    expect(open).not.toHaveBeenCalled();
  });

  it('a dialog closed without logging in, or not mounted, is no unhandled error', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const open = vi.fn().mockRejectedValue(new Error('closed'));
      registerLoginOpener(open);
      mockHttp(() => ({ status: 401 }));
      expect((await rejection(get('/api/x'))).code).toBe(401);
      registerLoginOpener(null);
      expect((await rejection(get('/api/x'))).code).toBe(401);
      await new Promise((r) => setTimeout(r, 20));
      expect(open).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
