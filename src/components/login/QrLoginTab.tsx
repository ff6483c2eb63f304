import { Button, Result, Spin, Steps, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { BindPhoneDialog } from './BindPhoneDialog';
import { QrCanvas } from './QrCanvas';
import { QR_SIZE } from './constants';
import { useQrLogin } from './use-qr-login';

interface Props {
  /** False when another tab is shown or the dialog closes: polling stops. */
  active: boolean;
  onToken: (token: string) => Promise<void>;
  /** The bind step finishes with a token of its own. */
  onBindToken: (token: string) => Promise<void>;
}

const STEPS = [{ title: '微信扫码' }, { title: '关注公众号' }, { title: '登录/注册成功' }];

/** WeChat QR login (loginType 2) with the three steps and the bind dialog for new identities. */
export function QrLoginTab({ active, onToken, onBindToken }: Props) {
  const { state, reload } = useQrLogin(active, onToken);
  const box = {
    width: QR_SIZE,
    height: QR_SIZE,
    margin: '0 auto',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  } as const;
  return (
    <div style={{ textAlign: 'center' }} data-testid="qr-login">
      {state.status === 'loading' && (
        <div style={box}>
          <Spin tip="二维码加载中" />
        </div>
      )}
      {(state.status === 'waiting' || state.status === 'needBind') && (
        <div style={box}>
          <QrCanvas text={state.url} />
        </div>
      )}
      {state.status === 'error' && (
        <Result
          status="warning"
          title={state.message}
          style={{ padding: 8 }}
          extra={
            <Button icon={<ReloadOutlined />} onClick={reload}>
              刷新二维码
            </Button>
          }
        />
      )}
      {state.status === 'done' && <Result status="success" title="登录成功" style={{ padding: 8 }} />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        请使用微信扫一扫登录
      </Typography.Paragraph>
      <Steps
        size="small"
        labelPlacement="vertical"
        current={state.status === 'done' ? 2 : state.status === 'needBind' ? 1 : 0}
        items={STEPS}
      />
      {state.status === 'needBind' && <BindPhoneDialog ticket={state.ticket} onToken={onBindToken} onClose={reload} />}
    </div>
  );
}
