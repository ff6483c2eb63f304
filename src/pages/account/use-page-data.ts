import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';

/**
 * The data of an account page that loads several things at once and reloads after each action:
 * `data` (null until loaded), the load error, `version` (bumped per load, a key that remounts
 * dependent lists), and `run` (one action, its success text or the server's message, then reload).
 */
export function usePageData<T>(fetchAll: () => Promise<T>) {
  const { message } = App.useApp();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    setError(null);
    try {
      setData(await fetchAll());
      setVersion((v) => v + 1);
    } catch (e) {
      setError((e as Error).message || '加载失败');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetchAll is read afresh each load; pages pass a stable module-level loader.
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const run = async (fn: () => Promise<unknown>, text: string) => {
    try {
      await fn();
      message.success(text);
    } catch (e) {
      message.error((e as Error).message);
    }
    await load();
  };
  return { data, error, version, load, run, message };
}
