import { BrowserRouter } from 'react-router-dom';
import { Refine } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { ConfigProvider, App as AntdApp } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { dataProvider } from './dataProvider';
import { UserProvider } from './components/user/UserContext';
import { AppRoutes } from './routes/AppRoutes';
import { useNavigationEffects } from './routes/useNavigationEffects';

function NavigationEffects() {
  useNavigationEffects();
  return null;
}

export default function App() {
  return (
    <BrowserRouter>
      <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff' } }}>
        <AntdApp>
          <UserProvider>
            <Refine routerProvider={routerBindings} dataProvider={dataProvider} options={{ disableTelemetry: true, syncWithLocation: true }}>
              <NavigationEffects />
              <AppRoutes />
            </Refine>
          </UserProvider>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
