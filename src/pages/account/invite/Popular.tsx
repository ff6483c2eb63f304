import { Space } from 'antd';
import { InviteCard, InviteRules } from '../../invite/InviteCard';

/** /account/popular — 推广中心: personal and company invite links, earnings, rules. */
export default function Popular() {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', padding: 16 }} data-testid="popular-page">
      <InviteCard />
      <InviteCard company />
      <InviteRules />
    </Space>
  );
}
