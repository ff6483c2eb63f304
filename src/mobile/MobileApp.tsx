import { Suspense, lazy, useEffect, useRef } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { DotLoading, NavBar } from 'antd-mobile';
import { setLoginRequester } from '../dataProvider/axios';
import { clearPrefetched } from '../dataProvider/prefetched';
import { getToken } from '../lib/token';
import { userStore } from '../components/user/user-store';
import { mobilePageTitle, mobileRoutes, type MobileRoute } from './routes';
import { loginPath } from './login-path';
import { MobileTabBar } from './TabBar';
import NotFound from './pages/NotFound';

function Loading() {
  return (
    <div style={{ padding: 48, textAlign: 'center', color: '#595959' }} role="status">
      加载中
      <DotLoading />
    </div>
  );
}

// Made once: a lazy component made during a render that suspends would be made anew on every retry.
const PAGES = new Map(mobileRoutes.map((r) => [r, lazy(r.page)]));

/** Title, scroll to top and the login guard of one page. */
function Page({ route }: { route: MobileRoute }) {
  const Component = PAGES.get(route)!;
  const location = useLocation();
  useEffect(() => {
    document.title = mobilePageTitle(route);
    window.scrollTo(0, 0);
  }, [route, location.pathname]);
  if (route.auth && !getToken()) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return (
    <>
      {!route.tab && <BackBar title={route.title} />}
      <Component />
    </>
  );
}

/** The top bar of a page outside the tab bar: back (or home when opened directly) and the title, as the page's h1. */
function BackBar({ title }: { title: string }) {
  const navigate = useNavigate();
  // history.state.idx is react-router's index of this entry: 0 when the site was opened on this page.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <NavBar
      backIcon
      back={canGoBack ? '返回' : '首页'}
      // antd-mobile hides the back text from screen readers (aria-hidden) inside a role="button"
      // with no name: the same word again, visible to them only.
      left={<span className="m-sr-only">{canGoBack ? '返回' : '首页'}</span>}
      onBack={() => (canGoBack ? navigate(-1) : navigate('/'))}
      style={{ borderBottom: '1px solid #eee', '--height': '48px' }}
    >
      {/* The page's one h1: pages under this bar do not repeat their title, and name records in h2. */}
      <h1 className="m-bar-title">{title}</h1>
    </NavBar>
  );
}

/** A 401 from any call (an expired session) sends the visitor to the login page and back. */
function LoginOn401() {
  const navigate = useNavigate();
  useEffect(() => {
    setLoginRequester(() => {
      const { pathname, search } = window.location;
      const here = pathname.replace(/^\/m(?=\/|$)/, '') || '/';
      if (!here.startsWith('/login')) navigate(loginPath(here + search), { replace: true });
    });
    return () => setLoginRequester(null);
  }, [navigate]);
  return null;
}

/** The answers a server-rendered page came with are for that page only: the first navigation drops them. */
function ClearPrefetchedOnNavigation() {
  const location = useLocation();
  const first = useRef(location);
  useEffect(() => {
    if (location !== first.current) clearPrefetched();
  }, [location]);
  return null;
}

/** The site inside a router: BrowserRouter in the browser, StaticRouter when the server renders it. */
export function MobileSite() {
  useEffect(() => {
    if (getToken()) void userStore.refresh();
  }, []);
  return (
    <>
      <LoginOn401 />
      <ClearPrefetchedOnNavigation />
      <main>
        <Suspense fallback={<Loading />}>
          <Routes>
            {mobileRoutes.map((r) => (
              <Route key={r.path} path={r.path} element={<Page route={r} />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </main>
      <MobileTabBar />
    </>
  );
}

export function MobileApp() {
  return (
    <BrowserRouter basename="/m">
      <MobileSite />
    </BrowserRouter>
  );
}
