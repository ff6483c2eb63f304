import { useSyncExternalStore } from 'react';
import { userStore } from './user-store';
import type { UserInfo } from './user-info';

export type { UserInfo };

export interface UserState {
  user: UserInfo | null;
  loading: boolean;
  /** Re-reads user info; on failure the token is cleared (spec §8). */
  refresh: () => Promise<UserInfo | null>;
  setUser: (u: UserInfo | null) => void;
  /** Revokes the session server-side and clears the token. */
  logout: () => Promise<void>;
}

/**
 * What the server renders and what hydration starts from: the anonymous visitor (src/entry-server.tsx).
 * React then re-renders with the browser's own state (a stored token: loading, then the user)
 * instead of finding a mismatch.
 */
const SERVER_SNAPSHOT = { user: null, loading: false };

export function useUser(): UserState {
  const snap = useSyncExternalStore(userStore.subscribe, userStore.get, () => SERVER_SNAPSHOT);
  return { ...snap, refresh: userStore.refresh, setUser: userStore.setUser, logout: userStore.logout };
}
