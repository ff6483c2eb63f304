import { useLocation, useNavigate } from 'react-router-dom';
import { TabBar } from 'antd-mobile';
import { AppOutline, SearchOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';

const TABS = [
  { key: '/', title: '首页', icon: <AppOutline /> },
  { key: '/search', title: '搜索', icon: <SearchOutline /> },
  { key: '/cart', title: '购物车', icon: <ShopbagOutline /> },
  { key: '/me', title: '我的', icon: <UserOutline /> },
];

/** The bottom navigation of the mobile site; hidden on pages with their own action bar. */
export function MobileTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (/^\/(video\/detail|checkout|pay|login)/.test(pathname)) return null;
  const active = TABS.find((t) => t.key !== '/' && pathname.startsWith(t.key))?.key ?? (pathname === '/' ? '/' : '');
  return (
    <nav className="m-tabbar" aria-label="主导航">
      <TabBar activeKey={active} onChange={(key) => navigate(key)}>
        {TABS.map((t) => (
          <TabBar.Item key={t.key} icon={t.icon} title={t.title} />
        ))}
      </TabBar>
    </nav>
  );
}
