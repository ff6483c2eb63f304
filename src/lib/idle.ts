/**
 * Runs fn when the browser is next idle, and at the latest after `timeoutMs`: work the visitor does
 * not see (statistics) waits until the page's first render is done instead of competing with it.
 */
export function whenIdle(fn: () => void, timeoutMs = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 0);
}
