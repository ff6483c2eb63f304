import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { APP_THEME, BRAND_COLORS } from '../../../src/theme';

/** #rgb, #rrggbb or rgba(): its RGB on white (antd writes text colours as translucent black). */
function rgbOnWhite(color: string): number[] {
  const hex = color.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  }
  const m = color.match(/^rgba?\(([^)]+)\)$/);
  if (!m) throw new Error(`not a colour: ${color}`);
  const [r, g, b, a = 1] = m[1].split(',').map(Number);
  return [r, g, b].map((v) => v * a + 255 * (1 - a));
}

/** WCAG 2.x contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = rgbOnWhite(color)
      .map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme colours (WCAG 2.2 AA, 1.4.3)', () => {
  const token = theme.getDesignToken(APP_THEME);

  it('text in the brand colours reads at 4.5:1 on white, and white text on them', () => {
    for (const c of Object.values(BRAND_COLORS)) {
      expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("antd's derived text colours (links, primary buttons, errors, prices) reach 4.5:1 on the page", () => {
    const onPage = {
      colorPrimary: token.colorPrimary,
      colorLink: token.colorLink,
      colorPrimaryText: token.colorPrimaryText,
      colorError: token.colorError,
      colorErrorText: token.colorErrorText,
      colorInfoText: token.colorInfoText,
      colorText: token.colorText,
      colorTextSecondary: token.colorTextSecondary,
      // Form and description labels, hints.
      colorTextTertiary: token.colorTextTertiary,
      colorTextDescription: token.colorTextDescription,
    };
    for (const [name, c] of Object.entries(onPage)) {
      expect([name, contrast(c, token.colorBgContainer)]).toEqual([name, expect.toSatisfy((r: number) => r >= 4.5)]);
    }
    // A primary button's label is white on colorPrimary.
    expect(contrast(token.colorTextLightSolid, token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
  });

  it('tag text reads at 4.5:1 on the tag: every preset colour and every status', () => {
    // What Tag renders with: the global tokens, then the theme's Tag overrides.
    const tag = { ...token, ...APP_THEME.components?.Tag } as unknown as Record<string, string>;
    const presets = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano'];
    for (const c of [...presets, 'geekblue', 'lime', 'gold'])
      expect([c, contrast(tag[`${c}7`], tag[`${c}1`])]).toEqual([c, expect.toSatisfy((r: number) => r >= 4.5)]);
    for (const s of ['Success', 'Info', 'Warning', 'Error'])
      expect([s, contrast(tag[`color${s}`], tag[`color${s}Bg`])]).toEqual([
        s,
        expect.toSatisfy((r: number) => r >= 4.5),
      ]);
  });
});
