/**
 * Login dialog entry point. The dialog component registers its opener when mounted; anyone
 * (the request layer on 401, route guards, buttons) calls openLogin(), which resolves true on
 * success and rejects when the dialog is closed without logging in.
 */
type Opener = () => Promise<boolean>;
let opener: Opener | null = null;

export function registerLoginOpener(fn: Opener | null): void {
  opener = fn;
}

export function openLogin(): Promise<boolean> {
  if (!opener) return Promise.reject(new Error('Login dialog is not mounted'));
  return opener();
}
