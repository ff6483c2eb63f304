import { Card, Space, Typography } from 'antd';
import { InviteCard, InviteRules } from './InviteCard';

/** /invite (邀请有礼) and /invite/company (企业邀请): the invite link, its QR code and the rules. */
export function InviteLanding({ company }: { company: boolean }) {
  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: '24px 16px' }} data-testid="invite-page">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card style={{ background: 'linear-gradient(135deg, #e6f4ff, #f9f0ff)' }}>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {company ? '邀请企业，共享正版素材' : '邀请好友，赢取素材基金'}
          </Typography.Title>
          <Typography.Paragraph style={{ maxWidth: 640 }}>
            {company
              ? '邀请合作企业注册流明素材并完成企业实名认证，企业首次采购后您获得企业邀请奖励。'
              : '把流明素材分享给创作伙伴：好友注册并首次购买后，奖励自动存入您的钱包余额。'}
          </Typography.Paragraph>
        </Card>
        <InviteCard company={company} />
        <InviteRules />
      </Space>
    </div>
  );
}

export default function InvitePage() {
  return <InviteLanding company={false} />;
}
