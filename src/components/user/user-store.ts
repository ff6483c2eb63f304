import { get, post } from '../../dataProvider/axios';
import { clearToken, getToken } from '../../lib/token';
import type { UserInfo } from './user-info';

/**
 * userInfo lives in one module store so React (useUser), the Refine authProvider and the login
 * dialog read and write the same value wherever they are mounted.
 */
interface Snapshot {
  user: UserInfo | null;
  loading: boolean;
}
let snapshot: Snapshot = { user: null, loading: !!(typeof localStorage !== 'undefined' && getToken()) };
const listeners = new Set<() => void>();
let inflight: Promise<UserInfo | null> | null = null;

function emit(next: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...next };
  listeners.forEach((l) => l());
}

export const userStore = {
  get: (): Snapshot => snapshot,
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  setUser(user: UserInfo | null) {
    emit({ user, loading: false });
  },
  /** Re-reads user info (one request at a time); on failure the token cookies are cleared (spec §8). */
  refresh(): Promise<UserInfo | null> {
    if (!getToken()) {
      emit({ user: null, loading: false });
      return Promise.resolve(null);
    }
    inflight ??= (async () => {
      emit({ loading: true });
      try {
        // A stale token is not a reason to pop the login dialog: read 401 as an envelope, not an HTTP error.
        const u = await get<UserInfo>('/api/common/getUserInfo', undefined, {
          axios: { validateStatus: (s) => s < 500 },
        });
        emit({ user: u, loading: false });
        return u;
      } catch {
        clearToken();
        emit({ user: null, loading: false });
        return null;
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  },
  /** Revokes the session on the server, then forgets it here (even if the server is unreachable). */
  async logout(): Promise<void> {
    try {
      if (getToken()) await post('/api/common/logout');
    } catch {
      /* the local session ends regardless */
    } finally {
      clearToken();
      emit({ user: null, loading: false });
    }
  },
};
