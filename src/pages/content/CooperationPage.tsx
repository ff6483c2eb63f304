import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, Col, Result, Row, Space, Typography } from 'antd';
import { CustomerServiceOutlined, PictureOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { SchemaFormBody } from '../../components/schema-form/SchemaFormModal';
import { SOURCE_BY_ROUTE } from '../../components/login/registration';
import { sendEnquiry } from './content-api';
import { BRAND_COLORS } from '../../theme';

const OFFERS = [
  { icon: <PictureOutlined />, title: '素材批量采购', text: '按年采购视频、模板与图片素材，企业授权统一开票。' },
  {
    icon: <SafetyCertificateOutlined />,
    title: '版权服务',
    text: '作品存证、版权登记、DCI 登记、侵权监测与取证的一站式方案。',
  },
  { icon: <CustomerServiceOutlined />, title: '内容授权合作', text: '内容平台、媒体机构的素材分发与授权结算合作。' },
];

/** /cooperation: the business enquiry form (source {product}_IMG_PURCHASE), stored for staff, with a confirmation. */
export default function CooperationPage() {
  const [sent, setSent] = useState<number | null>(null);
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px' }}>
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        <div style={{ textAlign: 'center' }}>
          <Typography.Title level={2}>商务合作</Typography.Title>
          <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
            留下您的需求，商务顾问将在 1 个工作日内与您联系。
          </Typography.Paragraph>
        </div>
        <Row gutter={[16, 16]}>
          {OFFERS.map((o) => (
            <Col key={o.title} xs={24} md={8}>
              <Card style={{ height: '100%' }}>
                <Space direction="vertical">
                  <span style={{ fontSize: 28, color: BRAND_COLORS.primary }}>{o.icon}</span>
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {o.title}
                  </Typography.Title>
                  <Typography.Text type="secondary">{o.text}</Typography.Text>
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
        <Card
          title="合作咨询"
          style={{ maxWidth: 720, margin: '0 auto', width: '100%' }}
          data-testid="cooperation-form"
        >
          {sent ? (
            <Result
              status="success"
              title="提交成功"
              subTitle={`咨询编号 ${sent}。我们会在 1 个工作日内通过您留下的手机号与您联系。`}
              extra={<Link to="/">返回首页</Link>}
            />
          ) : (
            <SchemaFormBody
              schemaId="lumen:forms/cooperation"
              okText="提交咨询"
              initialData={{ source: SOURCE_BY_ROUTE.Cooperation }}
              onSubmit={async (form) =>
                setSent((await sendEnquiry({ ...form, source: SOURCE_BY_ROUTE.Cooperation })).id)
              }
            />
          )}
        </Card>
      </Space>
    </div>
  );
}
