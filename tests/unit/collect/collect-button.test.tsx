import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';

const get = vi.fn();
let user: { id: number } | null = null;
vi.mock('../../../src/dataProvider/axios', () => ({ get: (...a: unknown[]) => get(...a), postJson: vi.fn(), request: vi.fn() }));
vi.mock('../../../src/components/user/UserContext', () => ({ useUser: () => ({ user }) }));
const { default: CollectButton } = await import('../../../src/components/collect/CollectButton');

const renderButton = () => render(<AntdApp><CollectButton materialId={9} /></AntdApp>);

describe('CollectButton', () => {
  afterEach(() => {
    cleanup();
    get.mockReset();
  });

  it('shows 已收藏 on load when a signed-in user already collected the material', async () => {
    user = { id: 1 };
    get.mockResolvedValue({ albumIds: [3] });
    renderButton();
    expect(await screen.findByRole('button', { name: /已收藏/ })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/collect/material/9');
  });

  it('shows 收藏 without asking the server when nobody is signed in', () => {
    user = null;
    renderButton();
    expect(screen.getByRole('button', { name: /收藏/ }).textContent).not.toContain('已收藏');
    expect(get).not.toHaveBeenCalled();
  });
});
