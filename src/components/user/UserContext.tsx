import { useSyncExternalStore } from 'react';
import { userStore } from './user-store';

/** What /api/common/getUserInfo returns (server: publicUser()). */
export interface UserInfo {
  id: number;
  phone: string | null;
  username: string | null;
  nickname: string;
  avatar: string;
  ownerType: 'PERSONAL' | 'ORGANISATIONS';
  enhancedAuth: boolean;
  companyName: string | null;
  parentId: number | null;
  roles: string[];
  balanceCents: number;
}

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
