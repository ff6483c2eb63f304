import { useSyncExternalStore } from 'react';
import { userStore } from '../components/user/user-store';

/** The logged-in user of the shared user store (the desktop site's), as React state. */
export function useMobileUser() {
  return useSyncExternalStore(userStore.subscribe, userStore.get);
}
