import { describe, expect, it } from 'vitest';
import { routeTable } from '../../../src/routes/route-table';
import { pages } from '../../../src/routes/pages';

/** The shell's own page (AppRoutes shellPages), which is not in pages.ts. */
const SHELL_PAGES = new Set(['NotFound']);

/**
 * Issue 17's goal, reached: no route renders a page frame any more, and the frame component is
 * gone. A route added to the table without its page fails here instead of shipping an empty page.
 */
describe('the route table', () => {
  it('has a real page for every route', () => {
    const withoutPage = routeTable.filter((r) => !(r.name in pages) && !SHELL_PAGES.has(r.name)).map((r) => r.name);
    expect(withoutPage).toEqual([]);
  });

  it('registers no page that no route uses', () => {
    const names = new Set(routeTable.map((r) => r.name));
    expect(Object.keys(pages).filter((n) => !names.has(n))).toEqual([]);
  });
});
