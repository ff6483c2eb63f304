import { routeTable, type LayoutName } from '../routes/route-table';

export type CentreName = Exclude<LayoutName, 'main'>;

/** Heading of each centre's side menu. */
export const CENTRE_TITLES: Record<CentreName, string> = {
  account: '个人中心',
  creator: '创作者中心',
  cyprotect: '版权保护中心',
  cytransfer: '版权交易',
};

export interface CentreMenuItem {
  /** Link target: the route path without optional params. */
  key: string;
  label: string;
}

/** A route path as a link: optional segments (":type?") dropped. */
export function linkPath(path: string): string {
  return path.replace(/\/:[^/]+\?/g, '');
}

/** Side-menu entries of a centre, generated from the route table (hideInMenu respected). */
export function centreMenu(centre: CentreName): CentreMenuItem[] {
  return routeTable
    .filter((r) => r.layout === centre && !r.hideInMenu)
    .map((r) => ({ key: linkPath(r.path), label: r.title }));
}

/**
 * The entry to highlight: the exact entry, else the longest entry that prefixes the path, so a
 * hidden detail page (/account/collect/detail/3) lights up its parent (/account/collect).
 */
export function activeMenuKey(items: CentreMenuItem[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const exact = items.find((i) => i.key === path);
  if (exact) return exact.key;
  return items.filter((i) => path.startsWith(i.key + '/')).sort((a, b) => b.key.length - a.key.length)[0]?.key;
}
