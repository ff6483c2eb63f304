import { useCallback, useEffect, useRef, useState } from 'react';
import { hasPrefetched, type SettledPromise } from '../../dataProvider/prefetched';

interface RemoteState<T> {
  data?: T;
  error?: Error;
  loading: boolean;
}

/**
 * Loads data for a page section; `reload` retries after an error. deps re-run the loader.
 * On a server-rendered page (dataProvider/prefetched.ts) the first render already has the answer
 * the server rendered with, so hydration matches and no request is made for it.
 */
export function useRemote<T>(load: () => Promise<T>, deps: unknown[]) {
  // The first call, when made during the first render, for the effect to reuse (one request, not two).
  const first = useRef<SettledPromise<T>>();
  const [state, setState] = useState<RemoteState<T>>(() => {
    if (!hasPrefetched()) return { loading: true };
    const p = (first.current = load() as SettledPromise<T>);
    return p.settled ? { data: p.settled.value, loading: false } : { loading: true };
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const pending = first.current;
    first.current = undefined;
    if (pending?.settled) return undefined;
    let alive = true;
    setState((s) => ({ data: s.data, loading: true }));
    (pending ?? load()).then(
      (data) => alive && setState({ data, loading: false }),
      (error: Error) => alive && setState({ error, loading: false }),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  return { ...state, reload };
}
