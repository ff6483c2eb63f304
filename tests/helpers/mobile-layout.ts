import type { Page } from 'playwright-core';

/** What makes a page unusable on a 390 px phone: sideways scroll, and tap targets under 24 × 24 px. */
export interface LayoutReport {
  scrollWidth: number;
  smallTargets: string[];
  /** The first elements reaching past the viewport's right edge (to say what scrolls). */
  wide: string[];
}

/**
 * Runs in the page (sent as source text, so no transpiler helper such as esbuild's __name is
 * needed there). Visible interactive elements smaller than 24 × 24 CSS px (WCAG 2.2 SC 2.5.8),
 * less the SC's exceptions: a link inside a sentence (inline), and a target whose 24 px circle
 * meets no other target nor another small target's circle (spacing).
 */
const MEASURE = `(() => {
  const SEL = 'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=link], [role=radio], [role=checkbox], [role=switch], [role=menuitem], [tabindex="0"]';
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.opacity !== '0';
  };
  const all = [...document.querySelectorAll(SEL)].filter(visible);
  // A native input drawn by its label (antd-mobile checkbox and radio) is the label's target.
  const targets = all.filter((el) => !(el instanceof HTMLInputElement && el.closest('label')));
  const rects = targets.map((el) => el.getBoundingClientRect());
  const inline = (el) => {
    const p = el.parentElement;
    return el.tagName === 'A' && !!p && /^(P|SPAN|LI|TD)$/.test(p.tagName) &&
      (p.textContent || '').trim().length > (el.textContent || '').trim().length + 4;
  };
  const small = (r) => r.width < 24 || r.height < 24;
  const found = [];
  targets.forEach((el, i) => {
    const r = rects[i];
    if (!small(r) || inline(el)) return;
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const crowded = rects.some((o, j) => {
      if (j === i || targets[j].contains(el) || el.contains(targets[j])) return false;
      const nx = Math.max(o.left, Math.min(cx, o.right));
      const ny = Math.max(o.top, Math.min(cy, o.bottom));
      if (Math.hypot(nx - cx, ny - cy) < 12) return true;
      return small(o) && Math.hypot(o.left + o.width / 2 - cx, o.top + o.height / 2 - cy) < 24;
    });
    const name = (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 20);
    if (crowded) found.push(el.tagName.toLowerCase() + ' "' + name + '" ' + Math.round(r.width) + 'x' + Math.round(r.height));
  });
  const wide = [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
    .slice(0, 5)
    .map((el) => el.tagName.toLowerCase() + '.' + String(el.className).slice(0, 50) + ' ' + Math.round(el.getBoundingClientRect().right));
  return { scrollWidth: document.documentElement.scrollWidth, smallTargets: found, wide };
})()`;

/** The page's document width and its tap targets that fail WCAG 2.2 target size. */
export function layoutReport(page: Page): Promise<LayoutReport> {
  return page.evaluate(MEASURE) as Promise<LayoutReport>;
}
