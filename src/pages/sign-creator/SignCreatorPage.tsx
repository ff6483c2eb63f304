import { useState } from 'react';
import Form from '@rjsf/antd';
import type { RJSFSchema } from '@rjsf/utils';
import { Alert, App, Button, Card, Col, Result, Row, Space, Steps, Typography } from 'antd';
import { DollarOutlined, SafetyCertificateOutlined, SecurityScanOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useUser } from '../../components/user/UserContext';
import { openLogin } from '../../components/login';
import { lumenFormProps } from '../../components/schema-form/form-props';
import { useFormSchema } from '../../hooks/use-schema';
import { AgreementText, agreement } from './AgreementText';
import { signCreator } from './sign-api';
import { BRAND_COLORS } from '../../theme';

const BENEFITS = [
  {
    icon: <DollarOutlined />,
    title: `${agreement.revenueSharePercent}% 销售分成`,
    text: '作品每发放一次授权，您获得该笔净收入的一半，收益随时可申请提现。',
  },
  {
    icon: <SafetyCertificateOutlined />,
    title: '上传即存证',
    text: '上传时为原始文件生成数字指纹并写入防篡改存证记录，出具可核验的存证证书。',
  },
  {
    icon: <SecurityScanOutlined />,
    title: '作品受保护',
    text: '预览均带水印，原始文件仅向已授权买家提供；平台可监测侵权并协助维权。',
  },
];

/** The tick box and the button that make the account a creator (lumen:forms/creator-sign). */
function SignForm({ onSigned }: { onSigned: () => void }) {
  const { message } = App.useApp();
  const { schema, uiSchema, loading } = useFormSchema('lumen:forms/creator-sign');
  const [data, setData] = useState<Record<string, any>>({ agree: false, agreementVersion: agreement.version });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (form: Record<string, any>) => {
    setBusy(true);
    setError(null);
    try {
      await signCreator({ agree: form.agree, agreementVersion: agreement.version });
      message.success('您已成为流明素材创作者');
      onSigned();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (!schema || loading) return null;
  const { title: _t, description: _d, ...shown } = schema;
  return (
    <>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Form
        schema={shown as RJSFSchema}
        uiSchema={uiSchema}
        formData={data}
        onChange={(e) => setData(e.formData)}
        {...lumenFormProps}
        showErrorList={false}
        noHtml5Validate
        onSubmit={(e) => submit(e.formData)}
      >
        <Button type="primary" size="large" htmlType="submit" loading={busy}>
          同意协议并成为创作者
        </Button>
      </Form>
    </>
  );
}

/** /signCreator — what creators get, sign-up or login, the contributor agreement and the step that makes the account a creator. */
export default function SignCreatorPage() {
  const { user, loading, refresh } = useUser();
  const creator = !!user?.roles.includes('creator');
  const step = !user ? 0 : creator ? 2 : 1;
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 0' }}>
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        <div style={{ textAlign: 'center' }}>
          <Typography.Title level={2}>成为流明素材创作者</Typography.Title>
          <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
            上传您的原创视频、模板与图片，获得销售分成，并让每一件作品都有据可查。
          </Typography.Paragraph>
        </div>
        <Row gutter={[16, 16]}>
          {BENEFITS.map((b) => (
            <Col key={b.title} xs={24} md={8}>
              <Card style={{ height: '100%' }}>
                <Space direction="vertical">
                  <span style={{ fontSize: 28, color: BRAND_COLORS.primary }}>{b.icon}</span>
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {b.title}
                  </Typography.Title>
                  <Typography.Text type="secondary">{b.text}</Typography.Text>
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
        <Card>
          <Steps
            current={step}
            items={[{ title: '注册 / 登录' }, { title: '签署创作者协议' }, { title: '上传作品' }]}
            style={{ marginBottom: 24 }}
          />
          {creator ? (
            <Result
              status="success"
              title="您已是流明素材创作者"
              subTitle="上传作品，审核通过后即可上架销售。"
              extra={[
                <Link key="upload" to="/creator/upload">
                  <Button type="primary">上传作品</Button>
                </Link>,
                <Link key="works" to="/creator/works">
                  <Button>管理作品</Button>
                </Link>,
              ]}
            />
          ) : (
            <>
              <div
                style={{
                  maxHeight: 420,
                  overflow: 'auto',
                  border: '1px solid #f0f0f0',
                  borderRadius: 8,
                  padding: '16px 24px',
                  marginBottom: 16,
                }}
              >
                <AgreementText />
              </div>
              {user ? (
                <SignForm onSigned={() => void refresh()} />
              ) : (
                <Space direction="vertical">
                  <Typography.Text>注册或登录后即可签署协议，成为创作者。</Typography.Text>
                  <Button
                    type="primary"
                    size="large"
                    loading={loading}
                    onClick={() => openLogin().catch(() => undefined)}
                  >
                    注册 / 登录
                  </Button>
                </Space>
              )}
            </>
          )}
        </Card>
      </Space>
    </div>
  );
}
