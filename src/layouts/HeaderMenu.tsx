import { useState } from 'react';
import { Button, Drawer, Menu } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { NAV_LINKS } from './nav-items';
import { SearchInput } from '../components/search/SearchInput';

/**
 * The header's navigation, search and cart on a narrow screen: one menu button opening a drawer
 * (MainHeader shows it below 768 px instead of the horizontal menu).
 */
export function HeaderMenu({ className, onSearch }: { className: string; onSearch: (value: string) => void }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);
  return (
    <>
      <Button
        className={className}
        type="text"
        icon={<MenuOutlined />}
        aria-label="打开菜单"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        style={{ minWidth: 40, minHeight: 40 }}
        data-testid="header-menu"
      />
      <Drawer title="菜单" placement="right" width={280} open={open} onClose={close}>
        <SearchInput
          placeholder="搜索视频、模板、图片素材"
          enterButton
          onSearch={(v) => {
            close();
            onSearch(v);
          }}
          aria-label="搜索素材"
        />
        <Menu
          mode="inline"
          selectedKeys={[pathname]}
          style={{ borderInlineEnd: 'none', marginTop: 12 }}
          onClick={close}
          items={[
            ...NAV_LINKS.map((l) => ({ key: l.to, label: <Link to={l.to}>{l.label}</Link> })),
            { key: '/cart', label: <Link to="/cart">购物车</Link> },
          ]}
        />
      </Drawer>
    </>
  );
}
