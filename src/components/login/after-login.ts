import { clearToken, setToken } from '../../lib/token';
import { userStore } from '../user/user-store';
import type { UserInfo } from '../user/user-info';
import { loginApi } from './api';
import { CONVERT_TYPE_LOGIN, type LoginType } from './constants';
import { readTracked } from './registration';

/**
 * Spec §4 "After a successful login": save the token, read user info (clearing the token cookies
 * if that fails), then send the login analytics action and, with bd_vid, the ad conversion.
 * The two follow-up calls never fail the login.
 */
export async function completeLogin(token: string, loginType: LoginType): Promise<UserInfo> {
  setToken(token);
  let user: UserInfo;
  try {
    user = await loginApi.getUserInfo();
  } catch (e) {
    clearToken();
    userStore.setUser(null);
    throw e;
  }
  userStore.setUser(user);
  await loginApi.loginStat(loginType).catch(() => undefined);
  const bdVid = readTracked().bd_vid;
  if (bdVid) {
    const url = new URL(location.href);
    if (!url.searchParams.get('bd_vid')) url.searchParams.set('bd_vid', bdVid);
    await loginApi.uploadConvertData(CONVERT_TYPE_LOGIN, url.toString()).catch(() => undefined);
  }
  return user;
}
