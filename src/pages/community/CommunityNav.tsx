import { Menu } from 'antd';
import { Link, useLocation } from 'react-router-dom';

/** The community's own sections (showcase and demand hall), shown above every community page. */
const SECTIONS = [
  { path: '/community', label: '作品广场' },
  { path: '/community/demands', label: '需求大厅' },
  { path: '/community/publish', label: '发布作品' },
  { path: '/community/demands/new', label: '免费发布需求' },
  { path: '/community/mine', label: '我的需求与响应' },
];

export function CommunityNav() {
  const { pathname } = useLocation();
  const selected = SECTIONS.filter((s) => pathname === s.path).map((s) => s.path);
  return (
    <Menu
      mode="horizontal"
      selectedKeys={
        selected.length ? selected : pathname.startsWith('/community/demands') ? ['/community/demands'] : ['/community']
      }
      items={SECTIONS.map((s) => ({ key: s.path, label: <Link to={s.path}>{s.label}</Link> }))}
      style={{ marginBottom: 16, borderRadius: 8 }}
      data-testid="community-nav"
    />
  );
}

/** Page frame of the community: its section bar above the content, at the site's content width. */
export function CommunityPage({ children }: { children: React.ReactNode }) {
  return (
    <div style={{ maxWidth: 1200, margin: '16px auto', padding: '0 16px' }}>
      <CommunityNav />
      {children}
    </div>
  );
}
