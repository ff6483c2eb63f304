import type { AuthProvider } from '@refinedev/core';
import { getToken } from '../lib/token';
import { openLogin } from '../components/login';
import { userStore } from '../components/user/user-store';

const is401 = (error: any) =>
  error?.statusCode === 401 || error?.status === 401 || error?.code === 401 || error?.response?.status === 401;

/**
 * Refine authProvider over the login dialog and the user store. Never throws: results are
 * objects, and a 401 from any call becomes {logout: true} in onError.
 */
export const authProvider: AuthProvider = {
  async login() {
    try {
      await openLogin();
      return { success: true };
    } catch (e) {
      return { success: false, error: { name: 'LoginError', message: (e as Error).message } };
    }
  },
  async logout() {
    await userStore.logout();
    return { success: true, redirectTo: '/' };
  },
  async check() {
    if (!getToken())
      return { authenticated: false, error: { name: 'Unauthenticated', message: '还没有登录哦，请登录后完成此操作' } };
    const user = userStore.get().user ?? (await userStore.refresh());
    return user ? { authenticated: true } : { authenticated: false, logout: true };
  },
  async getIdentity() {
    return userStore.get().user ?? (await userStore.refresh());
  },
  async getPermissions() {
    const user = userStore.get().user ?? (await userStore.refresh());
    return user?.roles ?? [];
  },
  async onError(error) {
    return is401(error) ? { logout: true, error } : {};
  },
};
