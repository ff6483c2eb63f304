import { Layout, Menu, Typography } from 'antd';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { activeMenuKey, centreMenu, CENTRE_TITLES, type CentreName } from './centre-menu';
import { RequireCreator } from './RequireCreator';

/** Account / creator / copyright centres: side menu from the route table, routed content. */
export function CentreLayout({ centre }: { centre: CentreName }) {
  const { pathname } = useLocation();
  const items = centreMenu(centre);
  const active = activeMenuKey(items, pathname);
  return (
    <Layout style={{ background: 'transparent', gap: 24 }} hasSider>
      <Layout.Sider
        width={208}
        theme="light"
        style={{ background: '#fff', borderRadius: 8, padding: '16px 0', alignSelf: 'flex-start' }}
      >
        <Typography.Title level={5} style={{ padding: '0 24px', marginBottom: 8 }}>
          {CENTRE_TITLES[centre]}
        </Typography.Title>
        <Menu
          mode="inline"
          selectedKeys={active ? [active] : []}
          style={{ borderInlineEnd: 'none' }}
          items={items.map((i) => ({ key: i.key, label: <Link to={i.key}>{i.label}</Link> }))}
        />
      </Layout.Sider>
      <Layout.Content style={{ minWidth: 0 }}>
        {centre === 'creator' ? (
          <RequireCreator>
            <Outlet />
          </RequireCreator>
        ) : (
          <Outlet />
        )}
      </Layout.Content>
    </Layout>
  );
}
