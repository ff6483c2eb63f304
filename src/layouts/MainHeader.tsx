import { Layout, Menu, Space } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import CartBadge from '../components/header/CartBadge';
import HeaderUser from '../components/header/HeaderUser';
import NotificationBell from '../components/header/NotificationBell';
import { NAV_LINKS } from './nav-items';
import { BRAND_COLORS } from '../theme';
import { SearchInput } from '../components/search/SearchInput';
import { HeaderMenu } from './HeaderMenu';
import styles from './header.module.css';

/** The nav entry for the current path: exact match, else the longest prefix (not "/"). */
function activeNav(pathname: string): string[] {
  const exact = NAV_LINKS.find((l) => l.to === pathname);
  if (exact) return [exact.to];
  const prefix = NAV_LINKS.filter((l) => l.to !== '/' && pathname.startsWith(l.to + '/')).sort(
    (a, b) => b.to.length - a.to.length,
  )[0];
  return prefix ? [prefix.to] : [];
}

/** Site header: logo, search box, navigation, cart badge, notifications and the login/avatar corner. */
export function MainHeader() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onSearch = (value: string) => {
    const keyword = value.trim();
    navigate(keyword ? `/search?keyword=${encodeURIComponent(keyword)}` : '/search');
  };
  return (
    <Layout.Header
      className={styles.header}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 24,
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
        padding: '0 24px',
      }}
    >
      <Link
        to="/"
        style={{ fontSize: 22, fontWeight: 700, color: BRAND_COLORS.primary, whiteSpace: 'nowrap' }}
        aria-label="流明素材首页"
      >
        流明素材
      </Link>
      <span className={`${styles.narrowOnly} ${styles.spacer}`} />
      <Menu
        className={styles.wideOnly}
        mode="horizontal"
        selectedKeys={activeNav(pathname)}
        style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
        items={NAV_LINKS.map((l) => ({ key: l.to, label: <Link to={l.to}>{l.label}</Link> }))}
      />
      <SearchInput
        className={styles.wideOnly}
        key={pathname === '/search' ? (params.get('keyword') ?? '') : 'header'}
        defaultValue={pathname === '/search' ? (params.get('keyword') ?? '') : ''}
        placeholder="搜索视频、模板、图片素材"
        allowClear
        enterButton
        onSearch={onSearch}
        style={{ width: 280 }}
        aria-label="搜索素材"
      />
      <Space size="middle">
        <span className={styles.wideOnly}>
          <CartBadge />
        </span>
        <NotificationBell />
        <HeaderUser />
      </Space>
      <HeaderMenu className={styles.narrowOnly} onSearch={onSearch} />
    </Layout.Header>
  );
}
