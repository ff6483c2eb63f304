import { Link } from 'react-router-dom';
import {
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  List,
  Row,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useUser, type UserInfo } from '../../../components/user/UserContext';
import { useRemote } from '../../../components/material/useRemote';
import { RemoteState } from '../../../components/material/RemoteState';
import { formatMoney } from '../../../components/licence/money';
import { OWNER_TYPE_LABELS, QUICK_LINKS, SUMMARY, loadSummary } from './welcome-data';

function UserCard({ user }: { user: UserInfo }) {
  return (
    <Card data-testid="welcome-user">
      <Flex gap={24} align="center">
        <Avatar size={72} src={user.avatar || undefined} icon={<UserOutlined />} />
        <div style={{ flex: 1 }}>
          <Space align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {user.nickname || user.username}
            </Typography.Title>
            <Tag color={user.ownerType === 'ORGANISATIONS' ? 'gold' : 'blue'}>{OWNER_TYPE_LABELS[user.ownerType]}</Tag>
          </Space>
          <Descriptions size="small" column={3} style={{ marginTop: 8 }}>
            {/* The server masks the phone (138****0000). */}
            <Descriptions.Item label="手机号">
              {user.phone ?? <Link to="/account/security">未绑定</Link>}
            </Descriptions.Item>
            {user.companyName && <Descriptions.Item label="企业名称">{user.companyName}</Descriptions.Item>}
            <Descriptions.Item label="账户余额">{formatMoney(user.balanceCents)}</Descriptions.Item>
          </Descriptions>
        </div>
        <Link to="/account/setting">
          <Button>账户设置</Button>
        </Link>
      </Flex>
    </Card>
  );
}

function Summary() {
  const summary = useRemote(loadSummary, []);
  return (
    <Card title="我的概览" style={{ marginTop: 16 }}>
      <RemoteState {...summary} rows={2}>
        {(totals) => (
          <>
            <Row gutter={16}>
              {SUMMARY.map((s) => (
                <Col span={6} key={s.key}>
                  <Link to={s.to} data-testid={`welcome-count-${s.key}`}>
                    <Card hoverable size="small">
                      <Statistic title={s.label} value={totals[s.key]} />
                    </Card>
                  </Link>
                </Col>
              ))}
            </Row>
            {totals.orders === 0 && (
              <Empty style={{ marginTop: 16 }} description="还没有订单，挑选素材后可在这里查看订单与授权">
                <Link to="/">
                  <Button type="primary">去挑选素材</Button>
                </Link>
              </Empty>
            )}
          </>
        )}
      </RemoteState>
    </Card>
  );
}

/** /account/welcome, where /account lands: who is logged in, their counts, and shortcuts. */
export default function WelcomePage() {
  // RequireAuth renders this page only with a user.
  const { user } = useUser();
  if (!user) return null;
  return (
    <div data-testid="welcome-page">
      <UserCard user={user} />
      <Summary />
      <Card title="常用功能" style={{ marginTop: 16 }}>
        <List
          grid={{ gutter: 16, column: 6 }}
          dataSource={QUICK_LINKS}
          renderItem={(l) => (
            <List.Item>
              <Link to={l.to}>{l.label}</Link>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
