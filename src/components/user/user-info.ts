/**
 * What /api/common/getUserInfo returns (server: publicUser()). Its own module because both the
 * store (user-store.ts) and the hook (UserContext.tsx) need it, and the hook imports the store.
 */
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
