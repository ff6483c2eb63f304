import { BrowserRouter } from 'react-router-dom';
import { Refine } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { ConfigProvider, App as AntdApp } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { dataProvider } from './dataProvider';
import { authProvider } from './dataProvider/authProvider';
import { refineResources } from './resources';
import { LoginDialogHost } from './components/login/LoginDialogHost';
import { AppRoutes } from './routes/AppRoutes';
import { useNavigationEffects } from './routes/useNavigationEffects';

function NavigationEffects() {
  useNavigationEffects();
  return null;
}

/**
 * Providers, then the login host (it loads userInfo, answers 401s and guards `auth` routes),
 * the navigation effects (title, scroll, stats, mobile redirect) and the route tree.
 */
export default function App() {
  return (
    <BrowserRouter>
      <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff' } }}>
        <AntdApp>
          <LoginDialogHost />
          <Refine
            routerProvider={routerBindings}
            dataProvider={dataProvider}
            authProvider={authProvider}
            resources={refineResources}
            options={{ disableTelemetry: true, syncWithLocation: true }}
          >
            <NavigationEffects />
            <AppRoutes />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
