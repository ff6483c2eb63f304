import type { ThemeConfig } from 'antd';

/**
 * Brand colours, chosen for WCAG 2.2 AA: each reads at 4.5:1 or more as text on white, and white
 * text on it does too (antd's default blue #1677ff is 4.10:1, its red #ff4d4f 3.27:1). Pages that
 * colour text or icons by hand take them from here, not from a literal.
 */
export const BRAND_COLORS = { primary: '#0958d9', danger: '#cf1322' } as const;

/** The app's antd theme (App.tsx), also used to prebuild the first render's styles (scripts/antd-static-css.tsx). */
export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLORS.primary,
    // Links and info derive from colorInfo, not colorPrimary, in antd 5.
    colorInfo: BRAND_COLORS.primary,
    colorLink: BRAND_COLORS.primary,
    colorError: BRAND_COLORS.danger,
  },
};
