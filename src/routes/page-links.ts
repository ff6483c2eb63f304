import { routeTable } from './route-table';
import { linkPath } from '../layouts/centre-menu';

const byName = new Map(routeTable.map((r) => [r.name, r]));

/**
 * Links (route title, plain path) to the named routes that need no params. Every route has a page
 * (tests/unit/routes/every-route-has-a-page.test.ts), so this reads the route table only: asking
 * pages.ts, which lazy-imports every page, closed a circle through the pages that show links.
 */
export function pageLinks(names: string[]): Array<{ label: string; to: string }> {
  return names.flatMap((n) => {
    const r = byName.get(n);
    if (!r || linkPath(r.path).includes(':')) return [];
    return [{ label: r.title, to: linkPath(r.path) }];
  });
}
