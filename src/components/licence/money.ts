/** Money as the UI shows it: cents -> "¥x.xx". */
export function formatMoney(cents: number | null | undefined): string {
  return `¥${((cents ?? 0) / 100).toFixed(2)}`;
}

/** The window event every cart change dispatches; the header badge listens to it. */
export const CART_CHANGED = 'cart:changed';

export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED));
}
