/**
 * A small in-process cache for aggregate reads that every home or empty-search page repeats
 * (category counts, hot keywords): one query per key per `ttlMs`, shared by concurrent callers.
 * Create one per app instance, so separate apps (tests) never share values. A failed load is
 * not kept. Figures may lag writes by up to ttlMs, which these summaries tolerate.
 */
export function ttlCache<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      const value = load();
      const entry = { at: now(), value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
