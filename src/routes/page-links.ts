import { routeTable } from './route-table';
import { pages } from './pages';
import { linkPath } from '../layouts/centre-menu';

const byName = new Map(routeTable.map((r) => [r.name, r]));

/** Links (route title, plain path) to the named routes that have a page and need no params. */
export function pageLinks(names: string[]): Array<{ label: string; to: string }> {
  return names.flatMap((n) => {
    const r = byName.get(n);
    if (!r || !(n in pages) || linkPath(r.path).includes(':')) return [];
    return [{ label: r.title, to: linkPath(r.path) }];
  });
}
