import { Avatar, Button, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useUser } from '../user/UserContext';
import { openLogin } from '../login';

/** Header corner: login button for visitors, avatar and account link for users. (Owned by the login work.) */
export default function HeaderUser() {
  const { user } = useUser();
  if (!user) {
    return (
      <Button type="primary" onClick={() => openLogin().catch(() => undefined)}>
        登录 / 注册
      </Button>
    );
  }
  return (
    <Space>
      <Avatar src={user.avatar || undefined}>{user.nickname.slice(0, 1)}</Avatar>
      <Link to="/account/welcome">{user.nickname}</Link>
    </Space>
  );
}
