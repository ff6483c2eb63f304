import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { App, Button, Card, Col, Empty, Input, List, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useSchema } from '../../hooks/use-schema';
import { formatMoney } from '../../resources/views/cells';
import { getToken } from '../../lib/token';
import { ensureLogin } from '../../components/licence/ensure-login';
import { fetchInvite, type InviteInfo } from './invite-api';
import statusInvitee from '../../schemas/status/invitee.json';
import { tableLabel } from '../../schemas/registry';
import { LoadFailed } from '../../components/feedback/LoadFailed';

/** The rules text and amounts of lumen:earnings/invite. */
export function InviteRules() {
  const { schema } = useSchema('lumen:earnings/invite');
  const rules = ((schema as Record<string, any> | undefined)?.['x-rules'] ?? []) as string[];
  return (
    <Card title="活动规则" size="small">
      {schema ? (
        <List
          size="small"
          dataSource={rules}
          renderItem={(r, i) => (
            <List.Item>
              {i + 1}. {r}
            </List.Item>
          )}
        />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

function QrImage({ text }: { text: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    QRCode.toDataURL(text, { width: 180, margin: 1 }).then(setSrc, () => setSrc(null));
  }, [text]);
  return src ? (
    <img src={src} alt="邀请二维码" width={180} height={180} data-testid="invite-qr" />
  ) : (
    <Skeleton.Image active />
  );
}

/**
 * The user's invite link (personal or company) with its QR code and earnings; visitors are asked
 * to sign in first. Used by /invite, /invite/company and /account/popular.
 */
export function InviteCard({ company = false }: { company?: boolean }) {
  const { message } = App.useApp();
  const [info, setInfo] = useState<InviteInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signedIn = !!getToken();
  const load = () => {
    setError(null);
    fetchInvite().then(setInfo, (e: Error) => setError(e.message || '加载失败'));
  };
  useEffect(() => {
    if (signedIn) load();
  }, [signedIn]);

  if (!signedIn)
    return (
      <Card>
        <Empty description="登录后获取您的专属邀请链接">
          <Button type="primary" onClick={() => void ensureLogin().then((ok) => ok && location.reload())}>
            登录 / 注册
          </Button>
        </Empty>
      </Card>
    );
  if (error) return <LoadFailed what="邀请信息" error={error} retry={load} />;
  if (!info)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const link = company ? info.companyLink : info.link;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      message.success('邀请链接已复制');
    } catch {
      message.info('请手动复制邀请链接');
    }
  };
  return (
    <Card title={company ? '企业邀请链接' : '我的邀请链接'} data-testid="invite-card">
      <Row gutter={[24, 16]} align="middle">
        <Col xs={24} md={16}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={link} data-testid="invite-link" />
              <Button type="primary" onClick={copy}>
                复制链接
              </Button>
            </Space.Compact>
            <Typography.Text type="secondary">好友通过此链接或扫描二维码注册，首次购买后您获得奖励。</Typography.Text>
            <Row gutter={16} style={{ marginTop: 8 }}>
              <Col span={8}>
                <Statistic title="已邀请" value={info.invited} suffix="人" />
              </Col>
              <Col span={8}>
                <Statistic title={tableLabel(statusInvitee, 1)} value={info.rewarded} suffix="人" />
              </Col>
              <Col span={8}>
                <Statistic title="累计奖励" value={formatMoney(info.rewardCents)} />
              </Col>
            </Row>
            <Link to="/account/invited">查看邀请记录</Link>
          </Space>
        </Col>
        <Col xs={24} md={8} style={{ textAlign: 'center' }}>
          <QrImage text={link} />
        </Col>
      </Row>
    </Card>
  );
}
