import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, getQueriesForElement, queries, screen } from '@testing-library/react';
import { polyfillMatchMedia } from './antd-jsdom';

// Files in the unit-shared project share their worker's modules (--no-isolate) but each gets a new
// jsdom document. What a module bound to the document when it was first loaded is bound again here,
// per file: Testing Library's `screen` (queries on the first file's body otherwise) and the
// matchMedia stand-in antd needs.
Object.assign(screen, getQueriesForElement(document.body, queries));
polyfillMatchMedia();

// Testing Library cleans up by itself only when test globals are on, which they are not here; what
// a test leaves in the page, the storages or the clock must not reach the next test or file.
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
});
