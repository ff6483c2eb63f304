import { useCallback, useEffect, useRef, useState } from 'react';
import { loginApi } from './api';
import { QR_POLL_MS } from './constants';

export type QrState =
  | { status: 'loading' }
  | { status: 'waiting'; url: string; ticket: string }
  | { status: 'needBind'; url: string; ticket: string }
  | { status: 'error'; message: string }
  | { status: 'done' };

const errorText = (e: unknown) => (e instanceof Error && e.message) || '登录失败，请刷新二维码重试';

/**
 * QR flow of spec §4: while active, fetch a QR (3 retries), then poll checkLogin every 2 s.
 * token -> onToken and stop; needBind -> stop and keep the ticket; poll error -> stop and show it.
 * Turning active off (leaving the tab, closing the dialog) stops polling. reload() fetches a new QR.
 */
export function useQrLogin(active: boolean, onToken: (token: string) => Promise<void>) {
  const [state, setState] = useState<QrState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (url: string, ticket: string) => {
      try {
        const r = await loginApi.checkLogin(ticket);
        if (stopped) return;
        if (r.token) {
          // Polling ends with the token; if the user-info step fails the tab shows the error with
          // the refresh button (a new QR) instead of staying on a QR that can no longer log in.
          stopped = true;
          try {
            await onTokenRef.current(r.token);
            setState({ status: 'done' });
          } catch (e) {
            setState({ status: 'error', message: errorText(e) });
          }
        } else if (r.needBind) {
          setState({ status: 'needBind', url, ticket });
        } else {
          timer = setTimeout(() => void poll(url, ticket), QR_POLL_MS);
        }
      } catch (e) {
        if (!stopped) setState({ status: 'error', message: errorText(e) });
      }
    };
    setState({ status: 'loading' });
    loginApi
      .getQrCode()
      .then(({ url, ticket }) => {
        if (stopped) return;
        setState({ status: 'waiting', url, ticket });
        timer = setTimeout(() => void poll(url, ticket), QR_POLL_MS);
      })
      .catch((e: unknown) => !stopped && setState({ status: 'error', message: errorText(e) }));
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [active, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { state, reload };
}
