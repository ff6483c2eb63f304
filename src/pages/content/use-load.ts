import { useCallback, useEffect, useState } from 'react';
import type { RequestError } from '../../dataProvider/axios';

/** Loads one thing for a page: data, the error message (and HTTP code) and a reload. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<{ message: string; code?: number | string } | null>(null);
  const [loading, setLoading] = useState(true);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(() => {
    setLoading(true);
    setError(null);
    return run()
      .then(setData, (e: RequestError) => setError({ message: e.message, code: e.code }))
      .finally(() => setLoading(false));
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload };
}
