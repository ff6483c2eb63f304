import { matchRoutes } from 'react-router-dom';
import { routeTable, SITE_DESCRIPTION, type RouteDef } from './route-table';

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string | undefined>;
}

// react-router ranks candidates (static segments beat params), so /certifiy/platform wins over
// /certifiy/:id? exactly as it does when the router renders.
const candidates = routeTable.map((route) => ({ path: route.path, route }));

/** The route-table entry the router would render for a pathname, or null (-> /404). */
export function matchRoute(pathname: string): RouteMatch | null {
  const found = matchRoutes(candidates, pathname);
  if (!found?.length) return null;
  const last = found[found.length - 1];
  return { route: (last.route as (typeof candidates)[number]).route, params: { ...last.params } };
}

/** document.title for a route: its title plus the fixed site description (spec §2). */
export function titleFor(route: RouteDef | null | undefined): string {
  return route ? `${route.title} - ${SITE_DESCRIPTION}` : SITE_DESCRIPTION;
}
