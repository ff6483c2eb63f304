import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MobileApp } from './MobileApp';
import { BRAND_COLORS } from '../theme';
import './mobile.css';

// antd-mobile's primary #1677ff, danger #ff3141 and weak text #999 read 4.1, 3.6 and 2.8:1 on white
// (WCAG AA asks 4.5:1): the desktop theme's brand colours instead, through the CSS variables
// antd-mobile documents for theming, so both sites take them from one place.
const root = document.documentElement.style;
root.setProperty('--adm-color-primary', BRAND_COLORS.primary);
root.setProperty('--adm-color-danger', BRAND_COLORS.danger);
root.setProperty('--adm-color-weak', BRAND_COLORS.hint);

// The mobile site (m/index.html): antd-mobile pages over the desktop site's data layer and schemas.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MobileApp />
  </StrictMode>,
);
