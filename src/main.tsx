import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App from './App';
import { wireClient } from './wiring';
import { readPrefetchedFromDocument, setPrefetched } from './dataProvider/prefetched';

wireClient();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A page the server rendered (server/src/plugins/client.ts) is hydrated with the answers it was rendered from.
const prefetched = readPrefetchedFromDocument(document);
if (prefetched && root.firstElementChild) {
  setPrefetched(prefetched);
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
