import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spin } from 'antd';
import { routeTable, redirects, type RouteDef } from './route-table';
import { pages } from './pages';
import RoutePlaceholder from '../components/RoutePlaceholder';
import { MainLayout } from '../layouts/MainLayout';
import { CentreLayout } from '../layouts/CentreLayout';
import { RequireAuth } from '../layouts/RequireAuth';
import type { CentreName } from '../layouts/centre-menu';

// The shell's own page; other teams register theirs in pages.ts.
const shellPages: typeof pages = { NotFound: () => import('../pages/not-found/NotFoundPage') };
const lazyPages: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries({ ...shellPages, ...pages }).map(([name, load]) => [name, lazy(load)]),
);

const CENTRES: CentreName[] = ['account', 'creator', 'cyprotect', 'cytransfer'];
const pageFallback = <Spin size="large" style={{ display: 'block', margin: '15vh auto' }} />;

function element(r: RouteDef) {
  const Page = lazyPages[r.name];
  const page = <Suspense fallback={pageFallback}>{Page ? <Page /> : <RoutePlaceholder route={r} />}</Suspense>;
  return r.auth ? <RequireAuth>{page}</RequireAuth> : page;
}

const routesOf = (layout: RouteDef['layout']) =>
  routeTable.filter((r) => r.layout === layout).map((r) => <Route key={r.name} path={r.path} element={element(r)} />);

/** The route tree: redirects, the main layout with its pages, the centres nested inside it, /404. */
export function AppRoutes() {
  return (
    <Routes>
      {Object.entries(redirects).map(([from, to]) => (
        <Route key={from} path={from} element={<Navigate to={to} replace />} />
      ))}
      <Route element={<MainLayout />}>
        {routesOf('main')}
        {CENTRES.map((c) => (
          <Route key={c} element={<CentreLayout centre={c} />}>
            {routesOf(c)}
          </Route>
        ))}
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}
