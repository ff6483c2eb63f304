import '../../helpers/antd-jsdom';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { fakeApi } from '../../helpers/fake-api';
import { userStore } from '../../../src/components/user/user-store';
import type { UserInfo } from '../../../src/components/user/UserContext';
import CollectButton from '../../../src/components/collect/CollectButton';

const api = fakeApi();
const renderButton = () =>
  render(
    <AntdApp>
      <CollectButton materialId={9} />
    </AntdApp>,
  );

describe('CollectButton', () => {
  afterEach(cleanup);
  afterAll(() => userStore.setUser(null));

  it('shows 已收藏 on load when a signed-in user already collected the material', async () => {
    userStore.setUser({ id: 1 } as UserInfo);
    api.get.mockImplementation(async (url: string) => (url === '/api/collect/material/9' ? { albumIds: [3] } : null));
    renderButton();
    expect(await screen.findByRole('button', { name: /已收藏/ })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/collect/material/9', undefined);
  });

  it('shows 收藏 without asking the server when nobody is signed in', () => {
    userStore.setUser(null);
    renderButton();
    expect(screen.getByRole('button', { name: /收藏/ }).textContent).not.toContain('已收藏');
    expect(api.get).not.toHaveBeenCalled();
  });
});
