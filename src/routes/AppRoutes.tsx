import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spin } from 'antd';
import { routeTable, redirects, type RouteDef } from './route-table';
import { pages } from './pages';
import { MainLayout } from '../layouts/MainLayout';
import type { CentreName } from '../layouts/centre-menu';

// The shell's own page; every domain registers its own in pages.ts.
const shellPages: typeof pages = { NotFound: () => import('../pages/not-found/NotFoundPage') };
const lazyPages: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries({ ...shellPages, ...pages }).map(([name, load]) => [name, lazy(load)]),
);

const CENTRES: CentreName[] = ['account', 'creator', 'cyprotect', 'cytransfer'];
/**
 * Public pages render without Refine, so the first load carries only React, the router and the
 * antd parts they show. Every other page (new ones by default) renders inside RefineScope.
 */
export const SHELL_ROUTES = new Set([
  'Home',
  'Search',
  'VideoDetail',
  'AlbumList',
  'AlbumDetail',
  'Material',
  'NotFound',
]);
const RefineScope = lazy(() => import('./RefineScope'));
const CentreLayout = lazy(() => import('../layouts/CentreLayout').then((m) => ({ default: m.CentreLayout })));
const RequireAuth = lazy(() => import('../layouts/RequireAuth').then((m) => ({ default: m.RequireAuth })));
const pageFallback = <Spin size="large" style={{ display: 'block', margin: '15vh auto' }} />;

function element(r: RouteDef) {
  const Page = lazyPages[r.name];
  // Every route has its page (tests/unit/routes/every-route-has-a-page.test.ts); a missing one is a 404.
  const page = <Suspense fallback={pageFallback}>{Page ? <Page /> : <Navigate to="/404" replace />}</Suspense>;
  return r.auth ? (
    <Suspense fallback={pageFallback}>
      <RequireAuth>{page}</RequireAuth>
    </Suspense>
  ) : (
    page
  );
}

const routesOf = (layout: RouteDef['layout'], shell: boolean) =>
  routeTable
    .filter((r) => r.layout === layout && SHELL_ROUTES.has(r.name) === shell)
    .map((r) => <Route key={r.name} path={r.path} element={element(r)} />);

/** The route tree: redirects, the main layout with the public pages, Refine's scope with the rest and the centres, /404. */
export function AppRoutes() {
  return (
    <Routes>
      {Object.entries(redirects).map(([from, to]) => (
        <Route key={from} path={from} element={<Navigate to={to} replace />} />
      ))}
      <Route element={<MainLayout />}>
        {routesOf('main', true)}
        <Route
          element={
            <Suspense fallback={pageFallback}>
              <RefineScope />
            </Suspense>
          }
        >
          {routesOf('main', false)}
          {CENTRES.map((c) => (
            <Route
              key={c}
              element={
                <Suspense fallback={pageFallback}>
                  <CentreLayout centre={c} />
                </Suspense>
              }
            >
              {routesOf(c, false)}
            </Route>
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}
