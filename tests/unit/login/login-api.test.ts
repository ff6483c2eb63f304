import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../helpers/fake-api';
import { loginApi } from '../../../src/components/login/api';

const api = fakeApi();

describe('login api', () => {
  it('fetches the QR code with 3 retries (the request layer retries only when asked)', async () => {
    vi.useFakeTimers();
    let failures = 3;
    api.get.mockImplementation(async () => {
      if (failures-- > 0) throw new Error('网络错误');
      return { url: 'u', ticket: 't' };
    });
    const qr = loginApi.getQrCode();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(qr).resolves.toEqual({ url: 'u', ticket: 't' });
    expect(api.get).toHaveBeenCalledTimes(4);
    expect(api.get).toHaveBeenCalledWith('/api/common/getQrCode', undefined);
  });

  it('polls checkLogin without retries (a failed poll stops polling)', async () => {
    api.post.mockResolvedValue({ token: null });
    await loginApi.checkLogin('t-1');
    expect(api.post).toHaveBeenCalledWith('/api/common/checkLogin', { ticket: 't-1' });
    expect(api.sent('POST', '/api/common/checkLogin')[0].encoding).toBe('form');
    api.post.mockRejectedValue(new Error('二维码已过期'));
    await expect(loginApi.checkLogin('t-1')).rejects.toThrow('二维码已过期');
    expect(api.post).toHaveBeenCalledTimes(2);
  });
});
