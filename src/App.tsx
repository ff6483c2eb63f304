import { APP_THEME } from './theme';
import { BrowserRouter } from 'react-router-dom';
import { ConfigProvider, App as AntdApp } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { LoginDialogHost } from './components/login/LoginDialogHost';
import { AppRoutes } from './routes/AppRoutes';
import { useNavigationEffects } from './routes/useNavigationEffects';

function NavigationEffects() {
  useNavigationEffects();
  return null;
}

/**
 * Providers, then the login host (it loads userInfo, answers 401s and guards `auth` routes),
 * the navigation effects (title, scroll, stats, mobile redirect) and the route tree. Refine is not
 * here: routes/RefineScope.tsx wraps only the routes that use it, in a chunk of its own.
 * Without a router: the browser's (App) or the server render's (entry-server.tsx).
 */
export function AppShell() {
  return (
    <ConfigProvider locale={zhCN} theme={APP_THEME}>
      <AntdApp>
        <LoginDialogHost />
        <NavigationEffects />
        <AppRoutes />
      </AntdApp>
    </ConfigProvider>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
