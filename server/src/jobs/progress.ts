/**
 * Throttles progress writes: the first report and then at most one per intervalMs go to the
 * database, and the latest report of a burst is written when its interval ends. Handlers may
 * report in a tight loop without turning the jobs table into a hot spot.
 */
export function throttledProgress(
  write: (percent: number, message: string | null) => Promise<void>,
  intervalMs: number,
) {
  let lastWrite = -Infinity;
  let pending: { percent: number; message: string | null } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const flush = async () => {
    timer = undefined;
    if (!pending || stopped) return;
    const p = pending;
    pending = null;
    lastWrite = Date.now();
    await write(p.percent, p.message);
  };

  return {
    report(percent: number, message?: string): Promise<void> {
      if (stopped) return Promise.resolve();
      const p = { percent: Math.max(0, Math.min(100, Math.round(Number(percent) || 0))), message: message ?? null };
      // A message is kept even if a later report in the same burst has none.
      pending = { percent: p.percent, message: p.message ?? pending?.message ?? null };
      const wait = lastWrite + intervalMs - Date.now();
      if (wait <= 0) {
        clearTimeout(timer);
        return flush();
      }
      timer ??= setTimeout(() => void flush().catch(() => undefined), wait);
      return Promise.resolve();
    },
    /** Drops a pending write (the job finished; its final state says the rest). */
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
