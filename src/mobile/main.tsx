import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MobileApp } from './MobileApp';
import './mobile.css';

// The mobile site (m/index.html): antd-mobile pages over the desktop site's data layer and schemas.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MobileApp />
  </StrictMode>,
);
