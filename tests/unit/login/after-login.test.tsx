import '../../helpers/antd-jsdom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

const api = vi.hoisted(() => ({ getUserInfo: vi.fn(), loginStat: vi.fn(), uploadConvertData: vi.fn() }));
vi.mock('../../../src/components/login/api', () => ({ loginApi: api }));
const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../../src/dataProvider/axios', () => ({ post: http.post, get: http.get, postJson: vi.fn(), setLoginRequester: vi.fn() }));

import { completeLogin } from '../../../src/components/login/after-login';
import { registrationExtras } from '../../../src/components/login/registration';
import { authProvider } from '../../../src/dataProvider/authProvider';
import { userStore } from '../../../src/components/user/user-store';
import { toast, toastCount } from '../../../src/components/login/toast';
import HeaderUser from '../../../src/components/header/HeaderUser';

const USER = { id: 3, nickname: '山川摄影师', username: 'demo_creator', roles: ['buyer', 'creator'], avatar: '' } as any;

beforeAll(() => {
  configure({ asyncUtilTimeout: 8000 });
});
beforeEach(() => {
  Object.values(api).forEach((f) => f.mockReset());
  Object.values(http).forEach((f) => f.mockReset());
  api.loginStat.mockResolvedValue(null);
  api.uploadConvertData.mockResolvedValue(null);
  localStorage.clear();
  sessionStorage.clear();
  userStore.setUser(null);
  window.history.replaceState(null, '', '/');
});
afterEach(cleanup);

describe('registration extras', () => {
  it('reads invite fields from the query, remembers them, falls back to session storage', () => {
    expect(registrationExtras({ pathname: '/', search: '?inviteId=9&inviteCode=AB&registSource=ADS' })).toEqual({ registDevice: 'PC', inviteId: '9', inviteCode: 'AB', registSource: 'ADS' });
    expect(registrationExtras({ pathname: '/search', search: '' })).toEqual({ registDevice: 'PC', inviteId: '9', inviteCode: 'AB', registSource: 'ADS' });
  });

  it('the SignCreator and Cooperation routes set the source', () => {
    expect(registrationExtras({ pathname: '/signCreator', search: '?registSource=ADS' }).registSource).toBe('LUMEN_CREATOR');
    expect(registrationExtras({ pathname: '/cooperation', search: '' }).registSource).toBe('LUMEN_IMG_PURCHASE');
  });
});

describe('after a successful login', () => {
  it('saves the token, stores user info, sends the login action and the bd_vid conversion (type 49)', async () => {
    window.history.replaceState(null, '', '/?bd_vid=vid42');
    api.getUserInfo.mockResolvedValue(USER);
    await completeLogin('tok', 2);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(document.cookie).toContain('token1=tok');
    expect(userStore.get().user).toEqual(USER);
    expect(api.loginStat).toHaveBeenCalledWith(2);
    expect(api.uploadConvertData).toHaveBeenCalledWith(49, 'http://localhost:3000/?bd_vid=vid42');
  });

  it('without bd_vid no conversion is sent; a user-info failure clears the token cookies', async () => {
    api.getUserInfo.mockRejectedValue(new Error('网络错误'));
    await expect(completeLogin('tok', 1)).rejects.toThrow('网络错误');
    expect(localStorage.getItem('token')).toBeNull();
    expect(document.cookie).not.toContain('token1=tok');
    expect(api.uploadConvertData).not.toHaveBeenCalled();
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
    http.get.mockResolvedValue(USER);
    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(await authProvider.getIdentity!()).toEqual(USER);
    http.post.mockResolvedValue(null);
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/' });
    expect(http.post).toHaveBeenCalledWith('/api/common/logout');
    expect(localStorage.getItem('token')).toBeNull();
    expect(userStore.get().user).toBeNull();
  });
});

describe('header user menu and toast', { timeout: 20_000 }, () => {
  it('visitors see the login button; users get account centre, creator centre and logout', async () => {
    const { rerender } = render(<MemoryRouter><HeaderUser /></MemoryRouter>);
    expect(screen.getByRole('button', { name: '登录 / 注册' })).toBeInTheDocument();
    localStorage.setItem('token', 'tok');
    userStore.setUser(USER);
    rerender(<MemoryRouter><HeaderUser /></MemoryRouter>);
    fireEvent.click(screen.getByText('山川摄影师'));
    expect(await screen.findByText('账户中心')).toBeInTheDocument();
    expect(screen.getByText('创作者中心')).toBeInTheDocument();
    http.post.mockResolvedValue(null);
    fireEvent.click(screen.getByText('退出登录'));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/api/common/logout'));
    expect(await screen.findByRole('button', { name: '登录 / 注册' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('counts stacked toasts', () => {
    const before = toastCount();
    toast('一');
    toast('二');
    expect(toastCount()).toBe(before + 2);
  });
});
