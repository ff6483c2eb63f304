import { useState } from 'react';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { loginApi } from '../../components/login/api';
import { useQrLogin } from '../../components/login/use-qr-login';
import { PhoneCodeForm } from './PhoneCodeForm';

/**
 * Login inside the WeChat in-app browser (loginType 2): the same ticket flow as the desktop QR,
 * but the user authorizes on WeChat's page (the sandbox scan page here) instead of scanning;
 * this page polls until the token comes, or asks to bind a phone for a new WeChat identity.
 */
export function WeChatLogin({
  onToken,
  onStart,
}: {
  onToken: (token: string) => Promise<void>;
  /** The visitor chose WeChat: the page hides its phone form. */
  onStart: () => void;
}) {
  const [active, setActive] = useState(false);
  const { state, reload } = useQrLogin(active, onToken);
  if (!active)
    return (
      <Button
        block
        color="success"
        size="large"
        onClick={() => {
          setActive(true);
          onStart();
        }}
      >
        微信授权登录
      </Button>
    );
  if (state.status === 'loading') return <DotLoading />;
  if (state.status === 'error')
    return (
      <ErrorBlock status="default" title="微信登录失败" description={state.message}>
        <Button onClick={reload}>重试</Button>
      </ErrorBlock>
    );
  if (state.status === 'needBind') {
    const ticket = state.ticket;
    return (
      <>
        <h2 style={{ fontSize: 16 }}>手机号绑定</h2>
        <p style={{ color: '#595959' }}>绑定手机号后账号更安全，也便于找回。</p>
        <PhoneCodeForm
          action="确定绑定"
          send={(phone) => loginApi.sendBindCode(phone, ticket)}
          submit={async (phone, code) => onToken((await loginApi.bindPhone(phone, code, ticket)).token)}
        />
      </>
    );
  }
  if (state.status === 'done') return null;
  return (
    <div style={{ textAlign: 'center' }}>
      <Button block color="success" size="large" onClick={() => void window.open(state.url, '_blank')}>
        打开微信授权页
      </Button>
      <p style={{ color: '#595959' }} role="status">
        等待微信授权
        <DotLoading />
      </p>
    </div>
  );
}
