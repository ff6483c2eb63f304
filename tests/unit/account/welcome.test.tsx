import '../../helpers/antd-jsdom';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '../../helpers/fake-api';
import WelcomePage from '../../../src/pages/account/welcome/WelcomePage';
import { userStore } from '../../../src/components/user/user-store';
import type { UserInfo } from '../../../src/components/user/UserContext';

const USER: UserInfo = {
  id: 7,
  phone: '138****0000',
  username: 'demo_company',
  nickname: '星河传媒',
  avatar: '',
  ownerType: 'ORGANISATIONS',
  enhancedAuth: true,
  companyName: '星河传媒有限公司',
  parentId: null,
  roles: ['buyer'],
  balanceCents: 12345,
};
const TOTALS: Record<string, number> = {
  '/api/order/list': 3,
  '/api/order/authrecord/list': 5,
  '/api/collect/list': 2,
  '/api/discount/list': 1,
};
const api = fakeApi();
const lists = async (url: string) => (url in TOTALS ? { list: [], total: TOTALS[url] } : null);

const renderPage = () =>
  render(
    <MemoryRouter>
      <WelcomePage />
    </MemoryRouter>,
  );
const countOf = (key: string) => within(screen.getByTestId(`welcome-count-${key}`)).getByText(/^\d+$/).textContent;

beforeEach(() => {
  api.get.mockImplementation(lists);
  userStore.setUser(USER);
});
afterEach(cleanup);
afterAll(() => userStore.setUser(null));

describe('account welcome page', () => {
  it('shows the user card with the masked phone and the company owner type', () => {
    renderPage();
    const card = screen.getByTestId('welcome-user');
    expect(card).toHaveTextContent('星河传媒');
    expect(card).toHaveTextContent('138****0000');
    expect(card).toHaveTextContent('企业用户');
    expect(card).toHaveTextContent('¥123.45');
  });

  it('shows the list totals with links, counting only usable coupons', async () => {
    renderPage();
    await waitFor(() => expect(countOf('orders')).toBe('3'));
    expect(countOf('licences')).toBe('5');
    expect(countOf('albums')).toBe('2');
    expect(countOf('coupons')).toBe('1');
    expect(screen.getByTestId('welcome-count-orders')).toHaveAttribute('href', '/account/order');
    expect(api.get).toHaveBeenCalledWith('/api/discount/list', expect.objectContaining({ status: '1', pageSize: 1 }));
    expect(screen.queryByText('去挑选素材')).toBeNull();
  });

  it('lists shortcuts to existing pages with their route titles', () => {
    renderPage();
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link('购物车')).toHaveAttribute('href', '/cart');
    expect(link('下载记录')).toHaveAttribute('href', '/account/historyList');
    expect(link('我的存证')).toHaveAttribute('href', '/cyprotect/mydeposit');
  });

  it('invites a user without orders to browse, and a personal user is labelled as such', async () => {
    api.get.mockImplementation(async (url: string) => (url in TOTALS ? { list: [], total: 0 } : null));
    userStore.setUser({ ...USER, ownerType: 'PERSONAL', companyName: null, phone: null });
    renderPage();
    await screen.findByText('去挑选素材');
    expect(screen.getByTestId('welcome-user')).toHaveTextContent('个人用户');
    expect(screen.getByRole('link', { name: '未绑定' })).toHaveAttribute('href', '/account/security');
  });

  it('shows the error with a retry that reloads the figures', async () => {
    api.get.mockRejectedValue(new Error('网络错误 请稍后再试'));
    renderPage();
    await screen.findByText('网络错误 请稍后再试');
    api.get.mockImplementation(lists);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(countOf('orders')).toBe('3'));
  });
});
