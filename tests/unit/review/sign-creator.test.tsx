import '@testing-library/jest-dom/vitest';
import '../../helpers/antd-jsdom';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeApi } from '../../helpers/fake-api';
import { registerLoginOpener } from '../../../src/components/login';
import SignCreatorPage from '../../../src/pages/sign-creator/SignCreatorPage';
import { RequireCreator } from '../../../src/layouts/RequireCreator';
import { userStore } from '../../../src/components/user/user-store';
import type { UserInfo } from '../../../src/components/user/UserContext';
import agreement from '../../../src/schemas/content/creator-agreement.json';

const BUYER: UserInfo = {
  id: 9,
  phone: '138****0001',
  username: 'demo_buyer',
  nickname: '演示买家',
  avatar: '',
  ownerType: 'PERSONAL',
  enhancedAuth: false,
  companyName: null,
  parentId: null,
  roles: ['buyer'],
  balanceCents: 0,
};

const api = fakeApi();
// The login dialog as its mounted host registers it (components/login): here, a stand-in that logs in.
const openLogin = vi.fn<() => Promise<boolean>>();

beforeEach(() => {
  localStorage.setItem('token', 't');
  api.get.mockImplementation(async (url: string) =>
    url === '/api/common/getUserInfo' ? { ...BUYER, roles: ['buyer', 'creator'] } : null,
  );
  api.post.mockImplementation(async (url: string) =>
    url === '/api/user/creator/sign'
      ? { agreementVersion: agreement.version, signedAt: '2026-05-03T00:00:00Z', roles: ['buyer', 'creator'] }
      : null,
  );
  openLogin.mockReset();
  openLogin.mockResolvedValue(true);
  registerLoginOpener(openLogin);
});
afterEach(() => {
  cleanup();
  registerLoginOpener(null);
});
afterAll(() => userStore.setUser(null));

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/signCreator']}>
      <AntdApp>
        <SignCreatorPage />
      </AntdApp>
    </MemoryRouter>,
  );

describe('/signCreator', { timeout: 20_000 }, () => {
  it('shows what creators get and the whole agreement; a visitor signs up or logs in through the login dialog', async () => {
    userStore.setUser(null);
    renderPage();
    expect(screen.getByText(`${agreement.revenueSharePercent}% 销售分成`)).toBeInTheDocument();
    expect(screen.getByText('上传即存证')).toBeInTheDocument();
    const text = screen.getByTestId('creator-agreement');
    for (const s of agreement.sections) expect(within(text).getByText(s.heading)).toBeInTheDocument();
    expect(within(text).getByText(new RegExp(`版本 ${agreement.version}`))).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '注册 / 登录' }));
    expect(openLogin).toHaveBeenCalledTimes(1);
  });

  it('a buyer must tick the agreement; signing posts the version shown and refreshes the account', async () => {
    userStore.setUser(BUYER);
    renderPage();
    const submit = await screen.findByRole('button', { name: '同意协议并成为创作者' });
    fireEvent.click(submit);
    expect(await screen.findByText('请先阅读并勾选同意创作者协议')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(submit);
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/user/creator/sign', {
        agree: true,
        agreementVersion: agreement.version,
      }),
    );
    expect(api.sent('POST', '/api/user/creator/sign')[0].encoding).toBe('json');
    expect(await screen.findByText('您已是流明素材创作者')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/common/getUserInfo', undefined);
  });

  it('shows the server refusal (e.g. a newer agreement) and stays on the form', async () => {
    userStore.setUser(BUYER);
    api.post.mockRejectedValue(new Error('创作者协议已更新，请刷新页面阅读最新版本后再签署'));
    renderPage();
    fireEvent.click(await screen.findByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '同意协议并成为创作者' }));
    expect(await screen.findByText('创作者协议已更新，请刷新页面阅读最新版本后再签署')).toBeInTheDocument();
    expect(screen.queryByText('您已是流明素材创作者')).toBeNull();
  });
});

describe('creator centre for a buyer', () => {
  const renderCentre = () =>
    render(
      <MemoryRouter initialEntries={['/creator/works']}>
        <Routes>
          <Route
            path="/creator/works"
            element={
              <RequireCreator>
                <div>作品列表</div>
              </RequireCreator>
            }
          />
        </Routes>
      </MemoryRouter>,
    );

  it('offers the way to become a creator instead of the page', () => {
    userStore.setUser(BUYER);
    renderCentre();
    expect(screen.queryByText('作品列表')).toBeNull();
    const box = screen.getByTestId('become-creator');
    expect(within(box).getByText('成为创作者后即可使用创作者中心')).toBeInTheDocument();
    expect(within(box).getByRole('link')).toHaveAttribute('href', '/signCreator');
  });

  it('lets creators through', () => {
    userStore.setUser({ ...BUYER, roles: ['buyer', 'creator'] });
    renderCentre();
    expect(screen.getByText('作品列表')).toBeInTheDocument();
  });
});
