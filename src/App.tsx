import { Suspense, lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Refine } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { ConfigProvider, App as AntdApp, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { routeTable, redirects } from './routes/route-table';
import { pages } from './routes/pages';
import RoutePlaceholder from './components/RoutePlaceholder';
import { dataProvider } from './dataProvider';
import { refineResources } from './resources';
import { authProvider } from './dataProvider/authProvider';
import { LoginDialogHost } from './components/login/LoginDialogHost';

const lazyPages = Object.fromEntries(Object.entries(pages).map(([name, load]) => [name, lazy(load)]));

export default function App() {
  return (
    <BrowserRouter>
      <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff' } }}>
        <AntdApp>
          <LoginDialogHost />
          <Refine routerProvider={routerBindings} dataProvider={dataProvider} authProvider={authProvider} resources={refineResources} options={{ disableTelemetry: true, syncWithLocation: true }}>
            <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '20vh auto' }} />}>
              <Routes>
                {Object.entries(redirects).map(([from, to]) => (
                  <Route key={from} path={from} element={<Navigate to={to} replace />} />
                ))}
                {routeTable.map((r) => {
                  const Page = lazyPages[r.name];
                  return <Route key={r.name} path={r.path} element={Page ? <Page /> : <RoutePlaceholder title={r.title} />} />;
                })}
                <Route path="*" element={<Navigate to="/404" replace />} />
              </Routes>
            </Suspense>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
