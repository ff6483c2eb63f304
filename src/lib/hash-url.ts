/**
 * Old links used the hash router ("/#/video/detail/3"). Turn them into the plain path before the
 * router first renders, without adding a history entry. Returns the new path, or null if unchanged.
 */
export function plainPathFromHash(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  return hash.slice(1);
}

export function rewriteHashUrl(win: Pick<Window, 'location' | 'history'> = window): string | null {
  const next = plainPathFromHash(win.location.hash);
  if (next === null) return null;
  win.history.replaceState(win.history.state, '', next);
  return next;
}
