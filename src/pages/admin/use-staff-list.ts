import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';

/**
 * The state of a staff queue page: a status tab, the page, the loaded rows or the error, and one
 * row action at a time (`act` runs it, reports success or the server's message, then reloads).
 */
export function useStaffList<S, Row>(
  initialStatus: S,
  fetchPage: (status: S, page: number) => Promise<{ list: Row[]; total: number }>,
) {
  const { message } = App.useApp();
  const [status, setStatusState] = useState<S>(initialStatus);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: Row[]; total: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await fetchPage(status, page));
    } catch (e) {
      setError((e as Error).message || '加载失败');
    } finally {
      setLoading(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetchPage is read afresh each load; the list reloads when status or page change.
  }, [status, page]);
  useEffect(() => {
    void load();
  }, [load]);

  /** Runs one row's action; the success text may use the server's answer. */
  const act = async <T>(id: number, run: () => Promise<T>, success: (r: T) => string) => {
    setBusy(id);
    try {
      message.success(success(await run()));
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(null);
      await load();
    }
  };

  const setStatus = (s: S) => {
    setStatusState(s);
    setPage(1);
  };
  return { status, setStatus, page, setPage, data, loading, error, load, busy, act, message };
}
