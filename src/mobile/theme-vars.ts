import { BRAND_COLORS } from '../theme';

/**
 * antd-mobile's primary #1677ff, danger #ff3141 and weak text #999 read 4.1, 3.6 and 2.8:1 on white
 * (WCAG AA asks 4.5:1): the desktop theme's brand colours instead, through the CSS variables
 * antd-mobile documents for theming, so both sites take them from one place. Set by main.tsx, and
 * written into the head of a server-rendered mobile page (entry-server.tsx) so its first paint has them.
 */
export const MOBILE_THEME_VARS: Record<string, string> = {
  '--adm-color-primary': BRAND_COLORS.primary,
  '--adm-color-danger': BRAND_COLORS.danger,
  '--adm-color-weak': BRAND_COLORS.hint,
};

/** The variables as a CSS rule on :root. */
export const mobileThemeCss = () =>
  `:root{${Object.entries(MOBILE_THEME_VARS)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
