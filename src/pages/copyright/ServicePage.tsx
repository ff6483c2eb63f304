import { Link } from 'react-router-dom';
import { Button, Card, Col, Collapse, Row, Space, Statistic, Steps, Typography } from 'antd';
import { BuyServiceButton } from '../../components/service-orders/BuyServiceButton';
import { useSchema } from '../../hooks/use-schema';
import { COPYRIGHT_SERVICES_ID, serviceCatalogue } from '../../schemas/services/copyright-services';
import { copyrightServices, type CopyrightService } from './service-catalogue';

/** The service's packages with prices from the staff-edited catalogue, each bought through the shared checkout. */
function Packages({ s }: { s: CopyrightService }) {
  const { schema } = useSchema(COPYRIGHT_SERVICES_ID);
  const catalogue = schema ? serviceCatalogue(schema) : null;
  const packages = catalogue?.packages.filter((p) => p.service === s.serviceCode) ?? [];
  const unit = catalogue?.service(s.serviceCode)?.unit ?? '次';
  if (!packages.length) return null;
  return (
    <Card title="服务套餐" data-testid="service-packages">
      <Row gutter={[16, 16]}>
        {packages.map((p) => (
          <Col key={p.sku} xs={24} sm={12} md={8}>
            <Card size="small" style={{ height: '100%' }}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {p.title}
              </Typography.Title>
              <Statistic value={p.priceCents / 100} precision={2} prefix="¥" />
              <Typography.Paragraph type="secondary">
                {p.quantity} {unit}
                {p.validDays ? `，${p.validDays} 天内有效` : '，长期有效'}
              </Typography.Paragraph>
              <BuyServiceButton sku={p.sku} label="购买套餐" />
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function ServiceView({ s }: { s: CopyrightService }) {
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px' }}>
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        <Card style={{ background: 'linear-gradient(135deg, #e6f4ff, #f0f5ff)' }}>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {s.title}
          </Typography.Title>
          <Typography.Paragraph style={{ fontSize: 16, maxWidth: 720 }}>{s.tagline}</Typography.Paragraph>
          <Space>
            <Link to={s.start.to}>
              <Button type="primary" size="large" data-testid="service-start">
                {s.start.label}
              </Button>
            </Link>
            <Link to={s.verifyTo ?? '/copyrightVerify'}>
              <Button size="large">核验证书</Button>
            </Link>
          </Space>
        </Card>
        <Row gutter={[16, 16]}>
          {s.features.map((f) => (
            <Col key={f.title} xs={24} md={8}>
              <Card style={{ height: '100%' }}>
                <Typography.Title level={4}>{f.title}</Typography.Title>
                <Typography.Text type="secondary">{f.text}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
        <Packages s={s} />
        <Card title="办理流程">
          <Steps current={-1} items={s.steps.map((t) => ({ title: t }))} />
        </Card>
        <Card title="常见问题">
          <Collapse ghost items={s.faq.map((f, i) => ({ key: i, label: f.q, children: f.a }))} />
        </Card>
      </Space>
    </div>
  );
}

/** The page of one copyright service (/copyrightDeposit, /copyrightCheckin, /copyrightCheckinDci, /copyright/trace/*). */
export const servicePage = (key: keyof typeof copyrightServices) =>
  function CopyrightServicePage() {
    return <ServiceView s={copyrightServices[key]} />;
  };
