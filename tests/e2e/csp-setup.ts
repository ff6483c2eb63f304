import { afterEach, expect, inject } from 'vitest';
import { SHARED_BROWSER_ENV, takeCspViolations } from '../helpers/browser.js';

// launchBrowser() connects to the Chromium the global setup started instead of launching one.
process.env[SHARED_BROWSER_ENV] = inject('browserWsEndpoint');

// Every browser test ends with no Content-Security-Policy violation in any page it opened: the
// policy the server sends (server/src/plugins/security-headers.ts) must fit the built client.
afterEach(async () => {
  expect(await takeCspViolations(), 'CSP violations').toEqual([]);
});
