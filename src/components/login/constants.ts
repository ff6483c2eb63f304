/** Login-area constants of spec §9 and the dialog's fixed texts. */
export const QR_POLL_MS = 2000;
export const QR_SIZE = 140;
export const QR_FETCH_RETRIES = 3;
export const SMS_COUNTDOWN_S = 60;
export const SEND_FAILED_HOLD_MS = 2000;

/** loginType values of spec §2: 0 phone + SMS, 1 password, 2 WeChat QR. */
export const LOGIN_TYPE = { SMS: 0, PASSWORD: 1, QR: 2 } as const;
export type LoginType = (typeof LOGIN_TYPE)[keyof typeof LOGIN_TYPE];

/** The SMS-send signing secret; the spec keeps it in the client (server: SMS_SIGN_SECRET). */
export const SMS_SIGN_SECRET: string = import.meta.env.VITE_SMS_SIGN_SECRET ?? 'lumen-sms-sign-secret';

/** Bd conversion type sent after a login that arrived with bd_vid. */
export const CONVERT_TYPE_LOGIN = 49;

export const MSG_SEND_FAILED = '请重新获取验证码';
export const MSG_LOGIN_OPEN = 'Login is already open';
export const MSG_HELPER_OPEN = 'Helper is already open';
export const MSG_LOGIN_CLOSED = 'Login was closed';

/** Mobile browsers default to phone + SMS login and register as H5. */
export const isMobileUA = (ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent) =>
  /Android|iPhone|iPod|iPad|Mobile|HarmonyOS|Windows Phone/i.test(ua);
