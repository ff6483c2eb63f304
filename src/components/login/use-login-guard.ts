import { useEffect } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { routeTable } from '../../routes/route-table';
import { getToken } from '../../lib/token';
import { openLogin } from './index';
import { MSG_LOGIN_OPEN } from './constants';
import { useUser } from '../user/UserContext';

/** Routes whose table entry says auth (account, creator, cyprotect, cytransfer sell/publish, buy, pay). */
export function needsLogin(pathname: string): boolean {
  return routeTable.some((r) => r.auth && matchPath({ path: r.path, end: true }, pathname));
}

/**
 * Visitors on a protected route get the login dialog; after login they simply continue on the
 * page they asked for. Closing the dialog without logging in leaves for the home page.
 */
export function useLoginGuard(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, loading } = useUser();
  useEffect(() => {
    // Re-checked when the user changes: a stale token cleared by a failed user-info call counts as a visitor.
    if (!needsLogin(pathname) || loading || user || getToken()) return;
    openLogin().catch((e: Error) => {
      if (e.message !== MSG_LOGIN_OPEN) navigate('/', { replace: true });
    });
  }, [pathname, navigate, user, loading]);
}
