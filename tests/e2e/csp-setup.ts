import { afterEach, expect } from 'vitest';
import { takeCspViolations } from '../helpers/browser.js';

// Every browser test ends with no Content-Security-Policy violation in any page it opened: the
// policy the server sends (server/src/plugins/security-headers.ts) must fit the built client.
afterEach(async () => {
  expect(await takeCspViolations(), 'CSP violations').toEqual([]);
});
