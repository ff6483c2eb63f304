import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { MainHeader } from './MainHeader';
import { MainFooter } from './MainFooter';

/** Frame of every page: header, the routed content, footer. Centres nest inside it. */
export function MainLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <MainHeader />
      <Layout.Content style={{ padding: '24px', maxWidth: 1400, width: '100%', margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
      <MainFooter />
    </Layout>
  );
}
