import { useCallback, useEffect, useRef, useState } from 'react';
import type { RequestError } from '../../dataProvider/axios';

/**
 * Loads one thing for a page: data, the error message (and HTTP code) and a reload. It loads again
 * whenever a value in `deps` changes (the latest `load` is used, so a stable function such as an
 * API helper still reloads when deps change).
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<{ message: string; code?: number | string } | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(load);
  latest.current = load;
  const reload = useCallback(() => {
    setLoading(true);
    setError(null);
    return latest
      .current()
      .then(setData, (e: RequestError) => setError({ message: e.message, code: e.code }))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload };
}
