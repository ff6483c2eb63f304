import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, App, Button, Card, Col, Descriptions, Image, Result, Row, Space, Spin, Tag, Typography } from 'antd';
import { useLoad } from '../content/use-load';
import { useUser } from '../../components/user/UserContext';
import { openLogin } from '../../components/login';
import { LoadFailed } from '../../components/feedback/LoadFailed';
import { DownloadButton } from '../../components/licence/download-button';
import { formatMoney } from '../../components/licence/money';
import { formatDateTime } from '../../resources/views/cells';
import { HIT_STATUSES, hitStatusLabel } from '../../schemas/cyprotect/monitor';
import { claimOffer, fetchOffer, fileUrl, type LicenceOffer } from './monitor-api';
import { timeRangeText, type HitTimeRange } from './time-range';

/** Hit states in which the offer can still be accepted (the owner may have sent a notice meanwhile). */
const OPEN = ['offered', 'pending', 'takedown'];

const box = { width: '100%', maxHeight: 220, objectFit: 'contain' as const, background: '#f5f5f5', borderRadius: 4 };

function Pictures({ o }: { o: LicenceOffer }) {
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Image src={fileUrl(o.cover) ?? undefined} alt={`原作：${o.title}`} style={box} fallback="" />
        <div>
          <Typography.Text type="secondary">原作</Typography.Text>
        </div>
      </Col>
      <Col xs={24} sm={12}>
        <Image src={fileUrl(o.thumb) ?? undefined} alt={`在 ${o.host} 发现的使用`} style={box} fallback="" />
        <div>
          <Typography.Text type="secondary">在您网站发现的使用</Typography.Text>
        </div>
      </Col>
    </Row>
  );
}

function Outcome({ o }: { o: LicenceOffer }) {
  if (o.status === 'licensed' || o.status === 'approved')
    return (
      <Result
        status="success"
        title="已授权"
        subTitle={
          o.viewerLicenceId
            ? '您已持有本作品的授权，该网站上的使用为正版使用。'
            : '该网站上的使用已由权利人确认或已购买授权。'
        }
        extra={
          o.viewerLicenceId ? (
            <DownloadButton
              url={`/api/order/licence/${o.viewerLicenceId}/certificate`}
              label="下载授权证书"
              fallbackName={`授权证书-${o.title}.pdf`}
            />
          ) : undefined
        }
      />
    );
  return <Result status="info" title="该报价已撤回" subTitle="权利人已不再提供此报价，如有疑问请联系权利人。" />;
}

/** /licence-offer/:token: a site operator's view of a retroactive-licence offer (补授权), from the link the owner sent. */
export default function LicenceOfferPage() {
  const { token = '' } = useParams();
  const { user } = useUser();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [accepting, setAccepting] = useState(false);
  const { data: o, error, loading, reload } = useLoad(() => fetchOffer(token), [token, user?.id]);

  const accept = async (offer: LicenceOffer) => {
    setAccepting(true);
    try {
      if (!user && !(await openLogin().catch(() => false))) return; // closed the login dialog
      await claimOffer(token);
      navigate(`/buy/direct?materialId=${offer.workId}&scenario=${encodeURIComponent(offer.scenario ?? '')}`);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setAccepting(false);
    }
  };

  if (loading && !o) return <Spin style={{ display: 'block', margin: 64 }} />;
  if (error?.code === 404)
    return <Result status="404" title="授权报价不存在或已失效" subTitle="请核对链接，或联系发出报价的权利人。" />;
  if (error || !o)
    return (
      <div style={{ maxWidth: 960, margin: '24px auto', padding: '0 16px' }}>
        <LoadFailed what="授权报价" error={error} retry={() => void reload()} />
      </div>
    );

  const open = OPEN.includes(o.status);
  return (
    <div style={{ maxWidth: 960, margin: '24px auto', padding: '0 16px' }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        补授权报价：{o.title}
      </Typography.Title>
      <Typography.Paragraph>
        {o.ownerName} 的作品「{o.title}」出现在网站 <b>{o.host}</b> 上。
        {OPEN.includes(o.status)
          ? '购买下方授权后，这次使用即为正版使用，该网站今后使用本作品也不再被标记为疑似侵权。'
          : ''}
      </Typography.Paragraph>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" title="发现的使用">
          <Pictures o={o} />
          <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
            <Descriptions.Item label="使用页面">
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {o.pageUrl}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="首次发现">{formatDateTime(o.firstSeenAt)}</Descriptions.Item>
            {o.timeRange && (
              <Descriptions.Item label="匹配片段">
                {timeRangeText(o.timeRange as unknown as HitTimeRange)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label="当前状态">
              <Tag color={HIT_STATUSES.find((x) => x.const === o.status)?.['x-color']}>{hitStatusLabel(o.status)}</Tag>
            </Descriptions.Item>
          </Descriptions>
        </Card>
        {open ? (
          <Card size="small" title="报价的授权">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="授权场景">{o.scenarioName ?? '—'}</Descriptions.Item>
              {o.scenarioDescription && <Descriptions.Item label="可用范围">{o.scenarioDescription}</Descriptions.Item>}
              <Descriptions.Item label="授权级别">{o.levelName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="价格">
                <Typography.Text strong data-testid="offer-price">
                  {o.priceCents === null ? '—' : formatMoney(o.priceCents)}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            {!o.forSale && (
              <Alert type="warning" showIcon message="作品已下架，暂不能购买授权" style={{ marginBottom: 12 }} />
            )}
            <Button
              type="primary"
              size="large"
              loading={accepting}
              disabled={!o.forSale || o.priceCents === null}
              onClick={() => void accept(o)}
            >
              {user ? '接受报价并购买授权' : '登录后接受报价'}
            </Button>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              接受报价会把 {o.host} 登记为您账号的网站，付款后即可下载授权证书。
            </Typography.Paragraph>
          </Card>
        ) : (
          <Card size="small">
            <Outcome o={o} />
          </Card>
        )}
      </Space>
    </div>
  );
}
