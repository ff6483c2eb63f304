import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App from './App';
import { wireClient } from './wiring';
import { readPrefetchedFromDocument, setPrefetched } from './dataProvider/prefetched';

// What the server rendered, if it did: the address as it arrived (an old hash address is about to change).
const servedPath = location.pathname + location.search;
wireClient();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A page the server rendered (server/src/plugins/client.ts) is hydrated with the answers it was
// rendered from, unless wireClient has just turned an old hash address into another page.
const prefetched = readPrefetchedFromDocument(document);
if (prefetched && root.firstElementChild && location.pathname + location.search === servedPath) {
  setPrefetched(prefetched);
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
