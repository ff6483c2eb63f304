import { Link, useLocation } from 'react-router-dom';
import { Card, Col, Row, Space, Typography } from 'antd';
import { SERVICE_GROUPS as GROUPS, serviceIndex } from './service-catalogue';

/** /copyright (every service) and /copyright/protection (the protection services first). */
export default function CopyrightHomePage() {
  const protection = useLocation().pathname.startsWith('/copyright/protection');
  const groups = protection ? [GROUPS[1], GROUPS[0]] : GROUPS;
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px' }}>
      <div style={{ textAlign: 'center', marginBottom: 24 }}>
        <Typography.Title level={2}>{protection ? '版权保护' : '流明版权服务'}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
          {protection
            ? '监测侵权、固定证据、公证维权，保护您的每一件原创作品。'
            : '从存证、登记到监测、取证与交易，为原创作品提供全流程版权服务。'}
        </Typography.Paragraph>
      </div>
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        {groups.map((g) => (
          <Card key={g.key} title={g.title} extra={<Typography.Text type="secondary">{g.text}</Typography.Text>}>
            <Row gutter={[16, 16]}>
              {serviceIndex
                .filter((s) => s.group === g.key)
                .map((s) => (
                  <Col key={s.to} xs={24} sm={12} md={8}>
                    <Link to={s.to}>
                      <Card hoverable size="small" style={{ height: '100%' }}>
                        <Typography.Title level={5} style={{ marginTop: 0 }}>
                          {s.title}
                        </Typography.Title>
                        <Typography.Text type="secondary">{s.text}</Typography.Text>
                      </Card>
                    </Link>
                  </Col>
                ))}
            </Row>
          </Card>
        ))}
      </Space>
    </div>
  );
}
