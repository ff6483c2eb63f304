import { rewriteHashUrl } from './lib/hash-url';
import { setLoginRequester } from './dataProvider/axios';
import { openLogin } from './components/login';

/** Start-up wiring that runs before the first render; apart from main.tsx so tests run the real thing. */
export function wireClient(): void {
  // Old hash-router links become plain paths before the router reads the location.
  rewriteHashUrl();
  // A 401 from any call asks for the login dialog; closing it is not an error here.
  setLoginRequester(() => openLogin().catch(() => undefined));
}
