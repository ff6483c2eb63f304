import '../../helpers/antd-jsdom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { fakeApi } from '../../helpers/fake-api';

// The server is a fake behind the request layer; the login API, the dialog, the QR hook, completeLogin and the bind dialog are real.
import LoginDialog from '../../../src/components/login/LoginDialog';
import { QR_POLL_MS, QR_SIZE } from '../../../src/components/login/constants';
import { userStore } from '../../../src/components/user/user-store';

const api = fakeApi();
const QR_FETCH = '/api/common/getQrCode';
const QR_CHECK = '/api/common/checkLogin';
const checks = () => api.sent('POST', QR_CHECK).length;
const qrFetches = () => api.sent('GET', QR_FETCH).length;
const USER = { id: 7, nickname: '演示买家', username: 'demo_buyer', roles: ['buyer'] };
const QR = { url: 'http://x/dev/wechat?ticket=ticket-0001', ticket: 'ticket-0001' };

beforeEach(() => {
  vi.useFakeTimers();
  api.answer('GET', QR_FETCH, QR);
  api.answer('POST', QR_CHECK, { token: null, needBind: false });
  api.answer('GET', '/api/common/getUserInfo', USER);
  localStorage.clear();
  userStore.setUser(null);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Advances fake time inside act so React applies the state the timers and promises produce. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Mounts the dialog on the QR tab and lets the QR fetch resolve. */
async function mountDialog() {
  const onSuccess = vi.fn();
  render(<LoginDialog onSuccess={onSuccess} onCancel={vi.fn()} />);
  await advance(0);
  return { onSuccess };
}

describe('QR login', { timeout: 20_000 }, () => {
  it('draws the QR code 140x140 with qrcode from the fetched url', async () => {
    const toCanvas = vi.spyOn(QRCode, 'toCanvas').mockResolvedValue(undefined as never);
    await mountDialog();
    expect(qrFetches()).toBe(1);
    const canvas = screen.getByLabelText('微信登录二维码') as HTMLCanvasElement;
    expect(QR_SIZE).toBe(140);
    expect([canvas.width, canvas.height, canvas.style.width, canvas.style.height]).toEqual([
      140,
      140,
      '140px',
      '140px',
    ]);
    expect(toCanvas).toHaveBeenCalledWith(canvas, QR.url, expect.objectContaining({ width: 140 }));
  });

  it('polls checkLogin every 2000 ms with the ticket', async () => {
    await mountDialog();
    expect(QR_POLL_MS).toBe(2000);
    await advance(1999);
    expect(checks()).toBe(0);
    await advance(1);
    expect(checks()).toBe(1);
    expect(api.post).toHaveBeenCalledWith(QR_CHECK, { ticket: 'ticket-0001' });
    await advance(1999);
    expect(checks()).toBe(1);
    await advance(1);
    expect(checks()).toBe(2);
  });

  it('a token saves the login, shows success and stops polling', async () => {
    const { onSuccess } = await mountDialog();
    const answers = [
      { token: null, needBind: false },
      { token: 'tok-qr', needBind: false },
    ];
    api.answer('POST', QR_CHECK, () => answers.shift() ?? { token: null, needBind: false });
    await advance(4000);
    expect(checks()).toBe(2);
    expect(localStorage.getItem('token')).toBe('tok-qr');
    expect(userStore.get().user).toEqual(USER);
    expect(api.post).toHaveBeenCalledWith('/api/common/loginStat', expect.objectContaining({ loginType: 2 }));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(screen.getByText('登录成功')).toBeInTheDocument();
    await advance(10_000);
    expect(checks()).toBe(2);
  });

  it('a failing user-info call after the token shows the error with the refresh button', async () => {
    const { onSuccess } = await mountDialog();
    api.answer('POST', QR_CHECK, { token: 'tok-qr', needBind: false });
    api.answer('GET', '/api/common/getUserInfo', () => {
      throw new Error('网络异常，请稍后重试');
    });
    await advance(2000);
    expect(screen.getByText('网络异常，请稍后重试')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
    await advance(10_000);
    expect(checks()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: /刷新二维码/ }));
    await advance(0);
    expect(qrFetches()).toBe(2);
    expect(screen.getByLabelText('微信登录二维码')).toBeInTheDocument();
  });

  it('a poll error stops polling and offers a new QR code', async () => {
    await mountDialog();
    api.answer('POST', QR_CHECK, () => {
      throw new Error('二维码已过期，请刷新二维码');
    });
    await advance(2000);
    expect(screen.getByText('二维码已过期，请刷新二维码')).toBeInTheDocument();
    await advance(10_000);
    expect(checks()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: /刷新二维码/ }));
    await advance(0);
    expect(qrFetches()).toBe(2);
  });

  it('switching to the password tab stops polling', async () => {
    await mountDialog();
    await advance(2000);
    expect(checks()).toBe(1);
    fireEvent.click(screen.getByRole('tab', { name: '密码登录' }));
    await advance(10_000);
    expect(checks()).toBe(1);
  });

  it('needBind opens the 300px bind dialog; closing it fetches a new QR code', async () => {
    await mountDialog();
    api.answer('POST', QR_CHECK, { token: null, needBind: true });
    await advance(2000);
    const title = screen.getByText('手机号绑定');
    expect((title.closest('.ant-modal') as HTMLElement).style.width).toBe('300px');
    await advance(10_000);
    expect(checks()).toBe(1);
    fireEvent.click(title.closest('.ant-modal')!.querySelector('.ant-modal-close')!);
    await advance(0);
    expect(qrFetches()).toBe(2);
    expect(screen.queryByText('手机号绑定')).toBeNull();
  });

  it('the bind button reads 绑定中... while the bind call runs', async () => {
    await mountDialog();
    api.answer('POST', QR_CHECK, { token: null, needBind: true });
    await advance(2000);
    const modal = screen.getByText('手机号绑定').closest('.ant-modal') as HTMLElement;
    fireEvent.change(modal.querySelector('[aria-label=手机号]')!, { target: { value: '13800000009' } });
    fireEvent.change(modal.querySelector('[aria-label=验证码]')!, { target: { value: '123456' } });
    let finish!: (v: { token: string }) => void;
    api.answer('POST', '/api/common/phone', () => new Promise((r) => (finish = r)));
    fireEvent.click(screen.getByRole('button', { name: '确定绑定' }));
    await advance(0);
    expect(screen.getByRole('button', { name: /绑定中\.\.\./ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确定绑定' })).toBeNull();
    expect(api.post).toHaveBeenCalledWith(
      '/api/common/phone',
      expect.objectContaining({ phone: '13800000009', verificationCode: '123456', ticket: 'ticket-0001' }),
    );
    await act(async () => finish({ token: 'tok-bind' }));
    await advance(0);
    expect(localStorage.getItem('token')).toBe('tok-bind');
  });
});
