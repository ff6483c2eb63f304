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

export function useUser(): UserState {
  const snap = useSyncExternalStore(userStore.subscribe, userStore.get, userStore.get);
  return { ...snap, refresh: userStore.refresh, setUser: userStore.setUser, logout: userStore.logout };
}
