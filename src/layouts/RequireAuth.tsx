import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { openLogin } from '../components/login';
import { useUser } from '../components/user/UserContext';

type GuardState = 'asking' | 'declined';

/**
 * Route guard for `auth: true` routes: visitors get the login dialog; the page renders after a
 * successful login. Closing the dialog shows a prompt with a button to try again.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, refresh } = useUser();
  const [state, setState] = useState<GuardState>('asking');

  const ask = useCallback(() => {
    setState('asking');
    openLogin()
      .then(() => refresh())
      .then((u) => {
        if (!u) setState('declined');
      })
      .catch(() => setState('declined'));
  }, [refresh]);

  useEffect(() => {
    if (!loading && !user) ask();
  }, [loading, user, ask]);

  if (user) return <>{children}</>;
  if (loading || state === 'asking') return <Spin size="large" tip="请登录后查看" style={{ display: 'block', margin: '15vh auto' }}><div style={{ height: 80 }} /></Spin>;
  return (
    <Result
      status="403"
      title="请先登录"
      subTitle="该页面需要登录后才能查看"
      extra={
        <Button type="primary" onClick={ask}>
          登录 / 注册
        </Button>
      }
    />
  );
}
