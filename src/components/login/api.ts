import { get, post, postJson } from '../../dataProvider/axios';
import type { UserInfo } from '../user/user-info';
import { QR_FETCH_RETRIES, SMS_SIGN_SECRET, type LoginType } from './constants';
import { encodePassword, microTimestamp } from '../../schemas/login/password-codec';
import { registrationExtras } from './registration';
import { signedBody } from '../../schemas/login/sms-sign';

/** The login calls of spec §7, with the payloads the server expects. */
export const loginApi = {
  getQrCode: () =>
    get<{ url: string; ticket: string }>('/api/common/getQrCode', undefined, { retryTimes: QR_FETCH_RETRIES }),
  checkLogin: (ticket: string) =>
    post<{ token?: string | null; needBind?: boolean }>('/api/common/checkLogin', { ticket }),
  sendLoginCode: (phone: string) =>
    postJson(
      '/api/common/sendUserSmsCode',
      signedBody({ phone, registDevice: registrationExtras().registDevice }, SMS_SIGN_SECRET),
    ),
  sendBindCode: (phone: string, ticket: string) =>
    postJson(
      '/api/common/sendUserSmsCodeBind',
      signedBody({ phone, ticket, registDevice: registrationExtras().registDevice }, SMS_SIGN_SECRET),
    ),
  phoneLogin: (phone: string, verificationCode: string) =>
    postJson<{ token: string }>('/api/common/userPhoneLoginReg', { phone, verificationCode, ...registrationExtras() }),
  passwordLogin: (username: string, password: string) => {
    const ts = microTimestamp();
    return postJson<{ token: string }>('/api/common/userPasswordLogin', {
      username,
      ts,
      password: encodePassword(password, ts),
    });
  },
  bindPhone: (phone: string, verificationCode: string, ticket: string) =>
    postJson<{ token: string }>('/api/common/phone', { phone, verificationCode, ticket, ...registrationExtras() }),
  getUserInfo: () => get<UserInfo>('/api/common/getUserInfo'),
  /** The login analytics action (server table login_events). */
  loginStat: (loginType: LoginType) => postJson('/api/common/loginStat', { loginType, url: location.href }),
  uploadConvertData: (type: number, url: string) => post('/api/baidu/uploadConvertData', { type, url }),
};
