import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { get } from '../../dataProvider/axios';
import { clearToken, getToken } from '../../lib/token';

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

interface UserState {
  user: UserInfo | null;
  loading: boolean;
  /** Re-reads user info; on failure the token is cleared (spec §8). */
  refresh: () => Promise<UserInfo | null>;
  setUser: (u: UserInfo | null) => void;
}

const Ctx = createContext<UserState>({ user: null, loading: false, refresh: async () => null, setUser: () => {} });

export function UserProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<UserInfo | null>(null);
  const [loading, setLoading] = useState(!!getToken());
  const refresh = useCallback(async () => {
    if (!getToken()) {
      setUser(null);
      return null;
    }
    setLoading(true);
    try {
      const u = await get<UserInfo>('/api/common/getUserInfo');
      setUser(u);
      return u;
    } catch {
      clearToken();
      setUser(null);
      return null;
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const value = useMemo(() => ({ user, loading, refresh, setUser }), [user, loading, refresh]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useUser = () => useContext(Ctx);
