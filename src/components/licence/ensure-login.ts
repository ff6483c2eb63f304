import { openLogin } from '../login';
import { getToken } from '../../lib/token';

/** Resolves true when logged in (opening the login dialog for visitors), false when they close it. */
export async function ensureLogin(): Promise<boolean> {
  if (getToken()) return true;
  try {
    return await openLogin();
  } catch {
    return false;
  }
}
