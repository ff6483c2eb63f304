import { Avatar, Button, Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../user/UserContext';
import { openLogin } from '../login';
import { toast } from '../login/toast';

/** Header corner: login button for visitors; for users, a menu with the account and creator centres and logout. */
export default function HeaderUser() {
  const { user, loading, logout } = useUser();
  const navigate = useNavigate();
  if (!user) {
    return (
      <Button
        type="primary"
        loading={loading}
        onClick={() => openLogin().catch(() => undefined)}
        data-testid="header-login"
      >
        登录 / 注册
      </Button>
    );
  }
  const items: MenuProps['items'] = [
    { key: '/account/welcome', icon: <UserOutlined />, label: '账户中心' },
    { key: '/creator/upload', icon: <VideoCameraOutlined />, label: '创作者中心' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key !== 'logout') return navigate(key);
    // Home first: logging out while still on a protected page would make the route guard open
    // the login dialog, which would then stay open over the home page.
    navigate('/');
    await logout();
    toast('已退出登录', 'success');
  };
  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
      <Space style={{ cursor: 'pointer' }} data-testid="header-user">
        <Avatar src={user.avatar || undefined}>{user.nickname.slice(0, 1)}</Avatar>
        <span>{user.nickname}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Space>
    </Dropdown>
  );
}
