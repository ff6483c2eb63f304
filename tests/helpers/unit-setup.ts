import '@testing-library/jest-dom/vitest';
import axios from 'axios';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { http } from '../../src/dataProvider/axios';
import { cleanup, configure, getQueriesForElement, queries, screen } from '@testing-library/react';
import { userStore } from '../../src/components/user/user-store';
import { polyfillMatchMedia } from './antd-jsdom';

// Files in the unit-shared project share their worker's modules (--no-isolate) but each gets a new
// jsdom document. What a module bound to the document when it was first loaded is bound again here,
// per file: Testing Library's `screen` (queries on the first file's body otherwise) and the
// matchMedia stand-in antd needs. jsdom has no object URLs either: a download's revoke timer that
// fires after its file ended would call this file's URL.revokeObjectURL, so each file gets no-ops
// (a test that watches them replaces them).
Object.assign(screen, getQueriesForElement(document.body, queries));
polyfillMatchMedia();

// Testing Library's settings are module state too: a file that raised the wait limit raised it for
// every later file in the worker, so a file's waits depended on which files ran before it (the cart
// page's waited 1 s when it ran first, and timed out on a loaded CI machine). One limit for all
// files: 5 s, a hang guard on a machine that runs the browser pass beside this one, not a speed check.
configure({ asyncUtilTimeout: 5000 });

// Each file starts signed out, whatever user an earlier file in the worker left in the store.
beforeAll(() => userStore.setUser(null));
URL.createObjectURL ??= () => 'blob:unit-test';
URL.revokeObjectURL ??= () => undefined;

// happy-dom's fetch really connects, to the document's origin (http://localhost:3000) for relative
// URLs: a unit test must not reach whatever server runs there. HTTP calls no test answered fail at
// once, as offline (a test that needs answers stubs fetch or uses fake-api.ts); data: and blob: stay.
const realFetch = globalThis.fetch;
const offlineFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), document.baseURI);
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    return Promise.reject(new TypeError(`unit tests are offline: ${url.href}`));
  }
  return realFetch(input, init);
};
globalThis.fetch = offlineFetch;
window.fetch = offlineFetch;

// Testing Library cleans up by itself only when test globals are on, which they are not here; what
// a test leaves in the page, the storages or the clock must not reach the next test or file.
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
});

// A file's stand-in adapter (mockHttp, fakeApi) must not answer the next file's requests in a shared
// worker: a catch-all answer would, for one, make fetchSchema cache a schema as fetched for the worker.
afterAll(() => {
  http.defaults.adapter = axios.defaults.adapter;
});
