import { matchPath } from 'react-router-dom';
import { config } from '../../config';
import { routeTable } from '../../routes/route-table';
import { isMobileUA } from './constants';

const KEYS = ['inviteId', 'inviteCode', 'registSource', 'bd_vid'] as const;
type Key = (typeof KEYS)[number];

/** Route names that set the registration source (spec §2). */
export const SOURCE_BY_ROUTE: Record<string, string> = {
  SignCreator: `${config.product}_CREATOR`,
  Cooperation: `${config.product}_IMG_PURCHASE`,
};

export function routeNameOf(pathname: string): string | undefined {
  return routeTable.find((r) => matchPath({ path: r.path, end: true }, pathname))?.name;
}

/** Query value first, then session storage; a query value is remembered for later pages. */
export function readTracked(search = location.search): Partial<Record<Key, string>> {
  const q = new URLSearchParams(search);
  const out: Partial<Record<Key, string>> = {};
  for (const k of KEYS) {
    const fromQuery = q.get(k);
    if (fromQuery) sessionStorage.setItem(k, fromQuery);
    const v = fromQuery || sessionStorage.getItem(k);
    if (v) out[k] = v;
  }
  return out;
}

/** Fields every registering call carries: invite details, source (route wins) and device. */
export function registrationExtras(loc: { pathname: string; search: string } = location) {
  const t = readTracked(loc.search);
  const routeName = routeNameOf(loc.pathname);
  const registSource = (routeName && SOURCE_BY_ROUTE[routeName]) || t.registSource;
  return {
    registDevice: isMobileUA() ? 'H5' : 'PC',
    ...(t.inviteId ? { inviteId: t.inviteId } : {}),
    ...(t.inviteCode ? { inviteCode: t.inviteCode } : {}),
    ...(registSource ? { registSource } : {}),
  };
}
