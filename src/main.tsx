import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { rewriteHashUrl } from './lib/hash-url';
import { setLoginRequester } from './dataProvider/axios';
import { openLogin } from './components/login';

// Old hash-router links become plain paths before the router reads the location.
rewriteHashUrl();
// A 401 from any call asks for the login dialog; closing it is not an error here.
setLoginRequester(() => openLogin().catch(() => undefined));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
