import { Button, Input, Space } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useSmsCountdown } from './use-countdown';
import { CODE_LENGTH, filterDigits, PHONE_LENGTH, validateLoginForm } from './validation';

export interface PhoneCode {
  phone: string;
  verificationCode: string;
}

interface Props {
  value: PhoneCode;
  onChange: (v: PhoneCode) => void;
  /** Sends the code; rejects with the server's message on failure. */
  onSend: (phone: string) => Promise<unknown>;
  /** Shows (text) or clears (null) the form's error line. */
  onError: (text: string | null) => void;
  size?: 'large' | 'middle';
}

/**
 * Phone + SMS code inputs shared by SMS login and the bind dialog: digits only (other characters
 * revert, spaces are stripped), 11 / 6 long, and the 60 s send button. Typing or blur clears the error.
 */
export function PhoneCodeFields({ value, onChange, onSend, onError, size = 'large' }: Props) {
  const countdown = useSmsCountdown();
  const clear = () => onError(null);
  const send = async () => {
    const msg = validateLoginForm('smsSend', { phone: value.phone, timestamp: '0000000000000', sign: 'x'.repeat(20) });
    if (msg) return onError(msg);
    try {
      await countdown.send(() => onSend(value.phone));
    } catch (e) {
      onError((e as Error).message);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Input
        size={size}
        prefix={<MobileOutlined />}
        placeholder="请输入手机号"
        inputMode="numeric"
        autoComplete="tel"
        aria-label="手机号"
        maxLength={PHONE_LENGTH}
        value={value.phone}
        onChange={(e) => {
          clear();
          onChange({ ...value, phone: filterDigits(value.phone, e.target.value, PHONE_LENGTH) });
        }}
        onBlur={clear}
      />
      <Space.Compact style={{ width: '100%' }}>
        <Input
          size={size}
          prefix={<SafetyOutlined />}
          placeholder="请输入验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-label="验证码"
          maxLength={CODE_LENGTH}
          value={value.verificationCode}
          onChange={(e) => {
            clear();
            onChange({ ...value, verificationCode: filterDigits(value.verificationCode, e.target.value, CODE_LENGTH) });
          }}
          onBlur={clear}
        />
        <Button size={size} disabled={countdown.disabled} onClick={() => void send()} style={{ minWidth: 132 }}>
          {countdown.label}
        </Button>
      </Space.Compact>
    </Space>
  );
}
