import type { ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { openLogin } from '../components/login';
import { useUser } from '../components/user/UserContext';
import { getToken } from '../lib/token';

/**
 * Keeps an `auth: true` page from rendering (and calling the API) for visitors. The login dialog
 * itself is opened by the login host's guard; this only shows what sits behind it.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useUser();
  if (user) return <>{children}</>;
  if (loading || getToken()) return <Spin size="large" style={{ display: 'block', margin: '15vh auto' }} />;
  return (
    <Result
      status="403"
      title="请先登录"
      subTitle="该页面需要登录后才能查看"
      extra={
        <Button type="primary" onClick={() => openLogin().catch(() => undefined)}>
          登录 / 注册
        </Button>
      }
    />
  );
}
