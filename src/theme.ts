import type { ThemeConfig } from 'antd';

/** The app's antd theme (App.tsx), also used to prebuild the first render's styles (scripts/antd-static-css.tsx). */
export const APP_THEME: ThemeConfig = { token: { colorPrimary: '#1677ff' } };
