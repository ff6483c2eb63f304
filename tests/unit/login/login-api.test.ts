import { beforeEach, describe, expect, it, vi } from 'vitest';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), postJson: vi.fn() }));
vi.mock('../../../src/dataProvider/axios', () => http);

import { loginApi } from '../../../src/components/login/api';

beforeEach(() => Object.values(http).forEach((f) => f.mockReset()));

describe('login api', () => {
  it('fetches the QR code with 3 retries (the request layer retries only when asked)', async () => {
    http.get.mockResolvedValue({ url: 'u', ticket: 't' });
    await expect(loginApi.getQrCode()).resolves.toEqual({ url: 'u', ticket: 't' });
    expect(http.get).toHaveBeenCalledWith('/api/common/getQrCode', undefined, { retryTimes: 3 });
  });

  it('polls checkLogin without retries (a failed poll stops polling)', async () => {
    http.post.mockResolvedValue({ token: null });
    await loginApi.checkLogin('t-1');
    expect(http.post).toHaveBeenCalledWith('/api/common/checkLogin', { ticket: 't-1' });
  });
});
