import { useEffect, useState } from 'react';
import { Button, Card, Col, Row, Segmented, Space, Steps, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { get } from '../../dataProvider/axios';
import { formatMoney } from '../../components/licence/money';
import { BuyServiceButton } from '../../components/service-orders/BuyServiceButton';
import { ensureLogin } from '../../components/licence/ensure-login';
import { JUSTICE_TYPES as TYPES } from './service-catalogue';

interface Pkg {
  sku: string;
  title: string;
  priceCents: number;
  service: string;
}

/** /copyrightJustice/{type?}: the notarization service — what it does, its price, the steps, and where to apply. */
export default function CopyrightJustice() {
  const { type = 'deposit' } = useParams();
  const navigate = useNavigate();
  const current = TYPES[type] ? type : 'deposit';
  const [pkg, setPkg] = useState<Pkg | null>(null);
  useEffect(() => {
    get<{ packages: Pkg[] }>('/api/service-orders/catalogue').then(
      (c) => setPkg(c.packages.find((p) => p.service === 'notarization') ?? null),
      () => setPkg(null),
    );
  }, []);
  const apply = async () => {
    if (await ensureLogin()) navigate('/cyprotect/myjustice?action=create');
  };
  return (
    <div style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }}>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          司法公证
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          由合作公证处对您的存证、登记等电子证据办理公证，出具具有法律效力的公证书，用于诉讼维权与版权交易。
        </Typography.Paragraph>
        <Segmented
          value={current}
          onChange={(v) => navigate(`/copyrightJustice/${v}`)}
          options={Object.entries(TYPES).map(([value, t]) => ({ value, label: t.label }))}
        />
        <Typography.Paragraph style={{ marginTop: 16 }}>{TYPES[current].text}</Typography.Paragraph>
        <Row gutter={24} style={{ marginTop: 24 }}>
          <Col xs={24} md={16}>
            <Steps
              direction="vertical"
              size="small"
              current={-1}
              items={[
                { title: '购买公证服务', description: '在线支付（微信、支付宝或钱包余额），每件申请使用一次额度' },
                {
                  title: '选择证据并提交申请',
                  description: '选择本人已完成的存证或已发证的登记，填写公证用途与联系人',
                },
                { title: '公证处受理与审查', description: '如需补充材料，将通过消息通知您，在期限内补充即可' },
                { title: '出具公证书', description: '在「司法公证」中下载公证书（PDF），撤回未受理的申请可退回额度' },
              ]}
            />
          </Col>
          <Col xs={24} md={8}>
            <Card size="small" title="服务价格">
              <Typography.Title level={3} type="danger" style={{ margin: 0 }} data-testid="justice-price">
                {pkg ? formatMoney(pkg.priceCents) : '—'}
              </Typography.Title>
              <Typography.Text type="secondary">{pkg?.title ?? '司法公证'}</Typography.Text>
              <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
                <BuyServiceButton sku={pkg?.sku} label="购买公证服务" block />
                <Button block onClick={apply}>
                  已购买，去申请公证
                </Button>
              </Space>
            </Card>
          </Col>
        </Row>
      </Card>
    </div>
  );
}
