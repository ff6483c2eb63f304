import type { ThemeConfig } from 'antd';

/**
 * Brand colours, chosen for WCAG 2.2 AA: each reads at 4.5:1 or more as text on white, and white
 * text on it does too (antd's default blue #1677ff is 4.10:1, its red #ff4d4f 3.27:1). Pages that
 * colour text or icons by hand take them from here, not from a literal.
 */
export const BRAND_COLORS = {
  primary: '#0958d9',
  danger: '#cf1322',
  /** Labels, hints, descriptions: 4.7:1 on white. */
  hint: 'rgba(0, 0, 0, 0.55)',
} as const;

/**
 * Coloured tags write their text in the palette's shade 7 on its shade 1 (antd's preset tags), and
 * status tags in colorSuccess / colorWarning on their light backgrounds. Those read at 1.8-4.4:1;
 * in tags each is replaced by the palette's first shade that reaches 4.5:1
 * (tests/unit/app/theme-contrast.test.ts checks every preset and status).
 */
const TAG_TEXT = {
  cyan7: '#006d75',
  green7: '#237804',
  orange7: '#ad4e00',
  yellow7: '#876800',
  volcano7: '#ad2102',
  lime7: '#3f6600',
  gold7: '#874d00',
} as const;

/** The app's antd theme (App.tsx), also used to prebuild the first render's styles (scripts/antd-static-css.tsx). */
export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLORS.primary,
    // Links and info derive from colorInfo, not colorPrimary, in antd 5.
    colorInfo: BRAND_COLORS.primary,
    colorLink: BRAND_COLORS.primary,
    colorError: BRAND_COLORS.danger,
    // Labels, hints and descriptions: antd's 0.45 black is #8c8c8c on white, 3.36:1.
    colorTextTertiary: BRAND_COLORS.hint,
  },
  components: {
    // Only tags: icons and alerts keep antd's success and warning colours on their own backgrounds.
    Tag: { ...TAG_TEXT, colorSuccess: TAG_TEXT.green7, colorWarning: TAG_TEXT.gold7 },
  },
};
