import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { MobileApp } from './MobileApp';
import { MOBILE_THEME_VARS } from './theme-vars';
import { readPrefetchedFromDocument, setPrefetched } from '../dataProvider/prefetched';
import './mobile.css';

const style = document.documentElement.style;
for (const [name, value] of Object.entries(MOBILE_THEME_VARS)) style.setProperty(name, value);

// The mobile site (m/index.html): antd-mobile pages over the desktop site's data layer and schemas.
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <MobileApp />
  </StrictMode>
);
// The home is rendered by the server (server/src/plugins/client.ts): hydrated with the answers it
// was rendered from, so the first render matches and asks for nothing.
const prefetched = readPrefetchedFromDocument(document);
if (prefetched && root.firstElementChild) {
  setPrefetched(prefetched);
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
