// @vitest-isolated: shows antd's static message (toast), whose holder is module state rendered into the
// document of the first file that used it; a second such file in one shared worker (helper-toast)
// renders into a closed jsdom document and breaks React for the rest of the worker.
import '../../helpers/antd-jsdom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '../../helpers/fake-api';
import { completeLogin } from '../../../src/components/login/after-login';
import { registrationExtras } from '../../../src/components/login/registration';
import { authProvider } from '../../../src/dataProvider/authProvider';
import { userStore } from '../../../src/components/user/user-store';
import { clearToken } from '../../../src/lib/token';
import { toast, toastCount } from '../../../src/components/login/toast';
import HeaderUser from '../../../src/components/header/HeaderUser';

const USER = {
  id: 3,
  nickname: '山川摄影师',
  username: 'demo_creator',
  roles: ['buyer', 'creator'],
  avatar: '',
} as any;

const api = fakeApi();
/** GET /api/common/getUserInfo answers this (an Error: the server refuses with its message). */
let userInfo: unknown = null;

beforeAll(() => {
  configure({ asyncUtilTimeout: 8000 });
});
beforeEach(() => {
  userInfo = null;
  api.get.mockImplementation(async (url: string) => {
    if (url !== '/api/common/getUserInfo') return null;
    if (userInfo instanceof Error) throw userInfo;
    return userInfo;
  });
  clearToken(); // the cookie copy too: a token left by an earlier test would sign the next one in
  localStorage.clear();
  sessionStorage.clear();
  userStore.setUser(null);
  window.history.replaceState(null, '', '/');
});
afterEach(cleanup);
afterAll(() => userStore.setUser(null));

describe('registration extras', () => {
  it('reads invite fields from the query, remembers them, falls back to session storage', () => {
    expect(registrationExtras({ pathname: '/', search: '?inviteId=9&inviteCode=AB&registSource=ADS' })).toEqual({
      registDevice: 'PC',
      inviteId: '9',
      inviteCode: 'AB',
      registSource: 'ADS',
    });
    expect(registrationExtras({ pathname: '/search', search: '' })).toEqual({
      registDevice: 'PC',
      inviteId: '9',
      inviteCode: 'AB',
      registSource: 'ADS',
    });
  });

  it('the SignCreator and Cooperation routes set the source', () => {
    expect(registrationExtras({ pathname: '/signCreator', search: '?registSource=ADS' }).registSource).toBe(
      'LUMEN_CREATOR',
    );
    expect(registrationExtras({ pathname: '/cooperation', search: '' }).registSource).toBe('LUMEN_IMG_PURCHASE');
  });
});

describe('after a successful login', () => {
  it('saves the token, stores user info, sends the login action and the bd_vid conversion (type 49)', async () => {
    window.history.replaceState(null, '', '/?bd_vid=vid42');
    userInfo = USER;
    await completeLogin('tok', 2);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(document.cookie).toContain('token1=tok');
    expect(userStore.get().user).toEqual(USER);
    expect(api.get).toHaveBeenCalledWith('/api/common/getUserInfo', undefined);
    expect(api.sent('GET', '/api/common/getUserInfo')[0].headers.Authorization).toBe('tok');
    expect(api.post).toHaveBeenCalledWith('/api/common/loginStat', expect.objectContaining({ loginType: 2 }));
    expect(api.sent('POST', '/api/common/loginStat')[0].encoding).toBe('json');
    // Form-encoded: the server receives the type as text.
    expect(api.post).toHaveBeenCalledWith('/api/baidu/uploadConvertData', {
      type: '49',
      url: 'http://localhost:3000/?bd_vid=vid42',
    });
  });

  it('without bd_vid no conversion is sent; a user-info failure clears the token cookies', async () => {
    userInfo = new Error('网络错误');
    await expect(completeLogin('tok', 1)).rejects.toThrow('网络错误');
    expect(localStorage.getItem('token')).toBeNull();
    expect(document.cookie).not.toContain('token1=tok');
    expect(api.sent('POST', '/api/baidu/uploadConvertData')).toEqual([]);
  });
});

describe('authProvider', () => {
  it('a 401 becomes {logout: true}; other errors do not', async () => {
    expect(await authProvider.onError({ statusCode: 401 })).toMatchObject({ logout: true });
    expect(await authProvider.onError({ code: 401 })).toMatchObject({ logout: true });
    expect(await authProvider.onError({ statusCode: 500 })).toEqual({});
  });

  it('check and getIdentity follow the token and user info; logout revokes on the server', async () => {
    expect(await authProvider.check()).toMatchObject({ authenticated: false });
    localStorage.setItem('token', 'tok');
    userInfo = USER;
    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(await authProvider.getIdentity!()).toEqual(USER);
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/' });
    expect(api.post).toHaveBeenCalledWith('/api/common/logout', {});
    expect(localStorage.getItem('token')).toBeNull();
    expect(userStore.get().user).toBeNull();
  });
});

describe('header user menu and toast', { timeout: 20_000 }, () => {
  it('visitors see the login button; users get account centre, creator centre and logout', async () => {
    const { rerender } = render(
      <MemoryRouter>
        <HeaderUser />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: '登录 / 注册' })).toBeInTheDocument();
    localStorage.setItem('token', 'tok');
    userStore.setUser(USER);
    rerender(
      <MemoryRouter>
        <HeaderUser />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('山川摄影师'));
    expect(await screen.findByText('账户中心')).toBeInTheDocument();
    expect(screen.getByText('创作者中心')).toBeInTheDocument();
    fireEvent.click(screen.getByText('退出登录'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/common/logout', {}));
    expect(await screen.findByRole('button', { name: '登录 / 注册' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('counts stacked toasts', async () => {
    const before = toastCount();
    // Inside act: the toasts' render is done before the test ends. Left to React's scheduler on a
    // loaded machine, it ran after this file's document was torn down and failed ci58's run with
    // "window is not defined" from React's commit.
    await act(async () => {
      toast('一');
      toast('二');
    });
    expect(toastCount()).toBe(before + 2);
  });
});
