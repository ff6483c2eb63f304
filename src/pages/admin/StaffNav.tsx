import { Menu } from 'antd';
import { Link, useLocation } from 'react-router-dom';

/** The back-office pages (staff only), one line each; every staff page shows this bar. */
export const STAFF_PAGES: Array<{ path: string; label: string }> = [
  { path: '/admin', label: '规则配置' },
  { path: '/admin/review', label: '作品审核' },
  { path: '/admin/refunds', label: '退款结算' },
  { path: '/admin/withdrawals', label: '提现审核' },
  { path: '/admin/certifications', label: '实名审核' },
  { path: '/admin/invoices', label: '发票开具' },
  { path: '/admin/gift-cards', label: '礼品卡批次' },
  { path: '/admin/audit', label: '操作日志' },
  { path: '/admin/jobs', label: '后台任务' },
  { path: '/admin/content', label: '内容管理' },
  { path: '/admin/community', label: '社区管理' },
];

/** Navigation between the staff pages beside /admin. */
export function StaffNav() {
  const { pathname } = useLocation();
  return (
    <Menu
      mode="horizontal"
      selectedKeys={[pathname.replace(/\/+$/, '')]}
      items={STAFF_PAGES.map((p) => ({ key: p.path, label: <Link to={p.path}>{p.label}</Link> }))}
      style={{ marginBottom: 8, borderRadius: 8 }}
      data-testid="staff-nav"
    />
  );
}
