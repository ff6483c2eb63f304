import { useState } from 'react';
import { Col, Modal, Row, Segmented, Space, Tabs, Typography } from 'antd';
import { completeLogin } from './after-login';
import { isMobileUA, LOGIN_TYPE, type LoginType } from './constants';
import { openHelper } from './helper';
import { MarketingPanel } from './MarketingPanel';
import { PasswordLoginForm } from './PasswordLoginForm';
import { QrLoginTab } from './QrLoginTab';
import { SmsLoginForm } from './SmsLoginForm';

interface Props {
  onSuccess: () => void;
  onCancel: () => void;
}

/**
 * The login dialog (spec §2): marketing panel left; tabs QR (desktop default) and password, the
 * password tab also offering phone + SMS (the mobile default). Footer links to articles 8, 13, 49.
 */
export default function LoginDialog({ onSuccess, onCancel }: Props) {
  const mobile = isMobileUA();
  const [tab, setTab] = useState<'qr' | 'password'>(mobile ? 'password' : 'qr');
  const [mode, setMode] = useState<'password' | 'sms'>(mobile ? 'sms' : 'password');
  const finish = (type: LoginType) => async (token: string) => {
    await completeLogin(token, type);
    onSuccess();
  };
  const accountPane = (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Segmented
        block
        value={mode}
        onChange={(v) => setMode(v as 'password' | 'sms')}
        options={[
          { label: '账号密码登录', value: 'password' },
          { label: '手机验证码登录', value: 'sms' },
        ]}
      />
      {mode === 'password' ? (
        <PasswordLoginForm onToken={finish(LOGIN_TYPE.PASSWORD)} />
      ) : (
        <SmsLoginForm onToken={finish(LOGIN_TYPE.SMS)} />
      )}
    </Space>
  );
  return (
    <Modal
      open
      title={null}
      footer={null}
      onCancel={onCancel}
      width={mobile ? '100%' : 820}
      centered
      maskClosable={false}
      styles={{ content: { padding: 0 } }}
      wrapClassName="lumen-login-dialog"
    >
      <Row wrap={false}>
        {!mobile && (
          <Col flex="300px">
            <MarketingPanel />
          </Col>
        )}
        <Col flex="auto" style={{ padding: '24px 32px', background: '#fff', borderRadius: mobile ? 8 : '0 8px 8px 0' }}>
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as 'qr' | 'password')}
            centered
            destroyInactiveTabPane
            items={[
              {
                key: 'qr',
                label: '扫码登录',
                children: (
                  <QrLoginTab
                    active={tab === 'qr'}
                    onToken={finish(LOGIN_TYPE.QR)}
                    onBindToken={finish(LOGIN_TYPE.QR)}
                  />
                ),
              },
              { key: 'password', label: '密码登录', children: accountPane },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 16, marginBottom: 0 }}>
            登录即表示同意
            <a href="/article/8" target="_blank" rel="noopener noreferrer">
              《服务协议》
            </a>
            和
            <a href="/article/13" target="_blank" rel="noopener noreferrer">
              《隐私条款》
            </a>
            ，
            <a href="/article/49" target="_blank" rel="noopener noreferrer">
              《协议更新公告》
            </a>
            （2023年3月21日起生效）。 遇到问题？
            <a onClick={() => void openHelper().catch(() => undefined)}>联系小助手</a>
          </Typography.Paragraph>
        </Col>
      </Row>
    </Modal>
  );
}
