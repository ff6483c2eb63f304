import { message } from 'antd';

/** Toast of spec §2: shown 2 s; toasts stack, and the number on screen is counted. */
export const TOAST_MS = 2000;
let showing = 0;

export function toast(content: string, type: 'info' | 'success' | 'error' | 'warning' = 'info'): void {
  showing++;
  void message.open({
    type,
    content,
    duration: TOAST_MS / 1000,
    onClose: () => void (showing = Math.max(0, showing - 1)),
  });
}

/** How many toasts are on screen (stacked). */
export const toastCount = () => showing;
