import { MSG_HELPER_OPEN } from './constants';
import { singleInstance } from './single-instance';

/** The two assistant QR images; one is picked at random each time (spec §9). */
export const HELPER_IMAGES = ['/images/helper/assistant-1.png', '/images/helper/assistant-2.png'];
export const pickHelperImage = (rnd = Math.random) =>
  HELPER_IMAGES[Math.floor(rnd() * HELPER_IMAGES.length) % HELPER_IMAGES.length];

export const helperInstance = singleInstance(MSG_HELPER_OPEN, 'Helper was closed');
let show: (() => void) | null = null;

/** Mounted host registers how to show the dialog. */
export function registerHelperShow(fn: (() => void) | null): void {
  show = fn;
}

/** Opens the helper dialog; a second call while open is rejected with 'Helper is already open'. */
export function openHelper(): Promise<boolean> {
  if (!show) return Promise.reject(new Error('Helper dialog is not mounted'));
  const s = show;
  return helperInstance.request(s);
}
