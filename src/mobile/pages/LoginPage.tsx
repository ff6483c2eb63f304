import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Divider, Toast } from 'antd-mobile';
import { loginApi } from '../../components/login/api';
import { completeLogin } from '../../components/login/after-login';
import { LOGIN_TYPE, type LoginType } from '../../components/login/constants';
import { isWeChatUA } from '../../lib/mobile';
import { afterLoginPath } from '../login-path';
import { PhoneCodeForm } from '../parts/PhoneCodeForm';
import { WeChatLogin } from '../parts/WeChatLogin';

/** /login?redirect=: phone + SMS code (loginType 0, registers on first use); WeChat login inside WeChat. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const done = (loginType: LoginType) => async (token: string) => {
    await completeLogin(token, loginType);
    Toast.show({ icon: 'success', content: '登录成功' });
    navigate(afterLoginPath(params.get('redirect')), { replace: true });
  };
  const wechat = isWeChatUA(navigator.userAgent);
  const [viaWeChat, setViaWeChat] = useState(false);
  return (
    <div className="m-page" data-testid="m-login">
      <h2 style={{ fontSize: 22, margin: '16px 0 4px' }}>登录 / 注册</h2>
      <p style={{ color: '#595959', marginTop: 0 }}>未注册的手机号验证后自动注册</p>
      {wechat && (
        <>
          <WeChatLogin onToken={done(LOGIN_TYPE.QR)} onStart={() => setViaWeChat(true)} />
          {!viaWeChat && <Divider>或使用手机号</Divider>}
        </>
      )}
      {!viaWeChat && (
        <PhoneCodeForm
          action="登录"
          send={loginApi.sendLoginCode}
          submit={async (phone, code) => done(LOGIN_TYPE.SMS)((await loginApi.phoneLogin(phone, code)).token)}
        />
      )}
      <p style={{ fontSize: 12, color: '#595959' }}>
        登录即同意
        <a className="m-link" href="/article/8">
          《服务协议》
        </a>
        和
        <a className="m-link" href="/article/13">
          《隐私条款》
        </a>
      </p>
    </div>
  );
}
