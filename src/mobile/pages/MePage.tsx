import { useNavigate } from 'react-router-dom';
import { Avatar, Button, List } from 'antd-mobile';
import { userStore } from '../../components/user/user-store';
import { useMobileUser } from '../session';

/** /me: who is logged in, my orders and licences, logout; visitors get the login button. */
export default function MePage() {
  const navigate = useNavigate();
  const { user, loading } = useMobileUser();
  return (
    <div className="m-page" data-testid="m-me">
      <h1 className="m-title">我的</h1>
      {user ? (
        <List>
          <List.Item prefix={<Avatar src={user.avatar ?? ''} alt="" />} description={user.phone ?? ''}>
            {user.nickname}
          </List.Item>
          <List.Item onClick={() => navigate('/orders')}>我的订单</List.Item>
          <List.Item onClick={() => navigate('/licences')}>我的授权与下载</List.Item>
          <List.Item onClick={() => navigate('/cart')}>购物车</List.Item>
        </List>
      ) : (
        <Button block color="primary" size="large" loading={loading} onClick={() => navigate('/login?redirect=/me')}>
          登录 / 注册
        </Button>
      )}
      {user && (
        <Button
          block
          style={{ marginTop: 16 }}
          onClick={() => void userStore.logout().then(() => navigate('/', { replace: true }))}
        >
          退出登录
        </Button>
      )}
    </div>
  );
}
