// @vitest-isolated: shows antd's static message (toast), whose holder is module state rendered into the
// document of the first file that used it; a second such file in one shared worker (helper-toast)
// renders into a closed jsdom document and breaks React for the rest of the worker.
import '../../helpers/antd-jsdom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiRefusal, fakeApi } from '../../helpers/fake-api';

// The server is a fake behind the request layer; the login API, dialog, forms, validation and flow under test are real.
import { LoginDialogHost } from '../../../src/components/login/LoginDialogHost';
import { openLogin } from '../../../src/components/login';
import { userStore } from '../../../src/components/user/user-store';
import { loginInstance } from '../../../src/components/login/login-instance';
import { decodePassword } from '../../../src/schemas/login/password-codec';
import { clearToken } from '../../../src/lib/token';

const api = fakeApi();
const QR_CHECK = '/api/common/checkLogin';
const PASSWORD_LOGIN = '/api/common/userPasswordLogin';
const SEND_CODE = '/api/common/sendUserSmsCode';
const USER = { id: 7, nickname: '演示买家', username: 'demo_buyer', roles: ['buyer'] };

beforeAll(async () => {
  configure({ asyncUtilTimeout: 8000 });
  // Load the lazily imported dialog once up front so the first test does not time out on the import.
  await import('../../../src/components/login/LoginDialog');
  // antd's responsive helpers need matchMedia, which jsdom lacks.
});

beforeEach(() => {
  api.answer('GET', '/api/common/getQrCode', { url: 'http://x/dev/wechat?ticket=ticket-0001', ticket: 'ticket-0001' });
  api.answer('POST', QR_CHECK, { token: null, needBind: false });
  api.answer('GET', '/api/common/getUserInfo', USER);
  // A login in an earlier test left its token in the cookie too (the server would now accept it).
  clearToken();
  localStorage.clear();
  sessionStorage.clear();
  userStore.setUser(null);
});

afterEach(() => {
  cleanup();
  // A dialog left open by a test is closed so the next test may open one.
  if (loginInstance.isOpen()) loginInstance.close();
});

const mount = (path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <LoginDialogHost />
    </MemoryRouter>,
  );
const passwordTab = async () => {
  fireEvent.click(await screen.findByRole('tab', { name: '密码登录' }));
  return screen.findByLabelText('用户名');
};

// jsdom + antd on a shared 2-core machine: allow slow renders.
describe('login dialog', { timeout: 20_000 }, () => {
  it('opens on the QR tab, fetches a QR code and closes with a rejection', async () => {
    mount();
    let result: Promise<boolean>;
    act(() => void (result = openLogin()));
    expect(await screen.findByText('100万+ 正版视频素材')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '扫码登录' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(api.sent('GET', '/api/common/getQrCode')).toHaveLength(1));
    expect(screen.getByText('关注公众号')).toBeInTheDocument();
    expect(document.querySelector('a[href="/article/13"]')).not.toBeNull();
    await expect(openLogin()).rejects.toThrow('Login is already open');
    fireEvent.click(document.querySelector('.ant-modal-close')!);
    await expect(result!).rejects.toThrow('Login was closed');
  });

  it('password: required message, typing clears it, one submit while busy, 登录中..., resolves true', async () => {
    mount();
    let result: Promise<boolean>;
    act(() => void (result = openLogin()));
    const user = await passwordTab();
    const pwd = screen.getByLabelText('密码');
    fireEvent.click(screen.getByRole('button', { name: /^登\s?录$/ }));
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    fireEvent.change(user, { target: { value: 'demo_buyer' } });
    expect(screen.queryByText('请输入密码')).toBeNull();
    fireEvent.change(pwd, { target: { value: 'Lumen@2026' } });
    let finish!: (v: { token: string }) => void;
    api.answer('POST', PASSWORD_LOGIN, () => new Promise((r) => (finish = r)));
    fireEvent.submit(pwd.closest('form')!);
    fireEvent.submit(pwd.closest('form')!);
    expect(await screen.findByText('登录中...')).toBeInTheDocument();
    await waitFor(() => expect(api.sent('POST', PASSWORD_LOGIN)).toHaveLength(1));
    // The password travels encoded with the request's timestamp; the server decodes it back.
    const { body } = api.sent('POST', PASSWORD_LOGIN)[0] as {
      body: { username: string; ts: string; password: string };
    };
    expect(body.username).toBe('demo_buyer');
    expect(decodePassword(body.password, body.ts)).toBe('Lumen@2026');
    await act(async () => finish({ token: 'tok-1' }));
    await expect(result!).resolves.toBe(true);
    expect(api.sent('POST', PASSWORD_LOGIN)).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(userStore.get().user).toEqual(USER);
    expect(api.post).toHaveBeenCalledWith('/api/common/loginStat', expect.objectContaining({ loginType: 1 }));
  });

  it('shows the server message on failure; blur clears it', async () => {
    mount();
    act(() => void openLogin().catch(() => undefined));
    const user = await passwordTab();
    fireEvent.change(user, { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'b' } });
    api.answer('POST', PASSWORD_LOGIN, () => {
      throw new ApiRefusal('用户名或密码错误');
    });
    fireEvent.submit(user.closest('form')!);
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    fireEvent.blur(user);
    expect(screen.queryByText('用户名或密码错误')).toBeNull();
  });

  it('SMS mode: digits only, 11-digit check before sending, countdown after sending', async () => {
    mount();
    act(() => void openLogin().catch(() => undefined));
    await passwordTab();
    fireEvent.click(screen.getByText('手机验证码登录'));
    const phone = await screen.findByLabelText('手机号');
    fireEvent.change(phone, { target: { value: '138a' } });
    expect(phone).toHaveValue('');
    fireEvent.change(phone, { target: { value: '138 0000' } });
    expect(phone).toHaveValue('1380000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入11位数字手机号码')).toBeInTheDocument();
    expect(api.sent('POST', SEND_CODE)).toEqual([]);
    fireEvent.change(phone, { target: { value: '13800000001' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60s后重新获取' })).toBeDisabled();
    expect(api.post).toHaveBeenCalledWith(SEND_CODE, expect.objectContaining({ phone: '13800000001' }));
  });

  it('QR needBind stops polling and opens the bind dialog; bind logs in', async () => {
    api.answer('POST', QR_CHECK, { token: null, needBind: true });
    mount();
    let result: Promise<boolean>;
    act(() => void (result = openLogin()));
    expect(await screen.findByText('手机号绑定', {}, { timeout: 10_000 })).toBeInTheDocument();
    const polls = api.sent('POST', QR_CHECK).length;
    await new Promise((r) => setTimeout(r, 2200));
    expect(api.sent('POST', QR_CHECK).length).toBe(polls);
    expect(screen.getByRole('button', { name: '确定绑定' })).toBeInTheDocument();
    const dialog = screen.getByText('手机号绑定').closest('.ant-modal') as HTMLElement;
    fireEvent.change(dialog.querySelector('[aria-label=手机号]')!, { target: { value: '13800000009' } });
    fireEvent.change(dialog.querySelector('[aria-label=验证码]')!, { target: { value: '123456' } });
    api.answer('POST', '/api/common/phone', { token: 'tok-bind' });
    fireEvent.click(screen.getByRole('button', { name: '确定绑定' }));
    await expect(result!).resolves.toBe(true);
    expect(api.post).toHaveBeenCalledWith(
      '/api/common/phone',
      expect.objectContaining({ phone: '13800000009', verificationCode: '123456', ticket: 'ticket-0001' }),
    );
    expect(localStorage.getItem('token')).toBe('tok-bind');
  });

  it('a failed user-info call after login clears the token', async () => {
    api.answer('GET', '/api/common/getUserInfo', () => {
      throw new Error('网络错误');
    });
    mount();
    act(() => void openLogin().catch(() => undefined));
    const user = await passwordTab();
    fireEvent.change(user, { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'b' } });
    api.answer('POST', PASSWORD_LOGIN, { token: 'tok-x' });
    fireEvent.submit(user.closest('form')!);
    expect(await screen.findByText('网络错误')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a visitor on a protected route gets the dialog', async () => {
    mount('/account/welcome');
    expect(await screen.findByText('100万+ 正版视频素材')).toBeInTheDocument();
  });
});
