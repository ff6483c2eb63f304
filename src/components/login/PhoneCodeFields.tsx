import type { ReactNode } from 'react';
import { Button, Input, Space } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useSmsCountdown } from './use-countdown';
import { CODE_LENGTH, filterDigits, PHONE_LENGTH, validateLoginForm } from '../../schemas/login/validation';

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

interface DigitsProps {
  size: 'large' | 'middle';
  icon: ReactNode;
  label: string;
  placeholder: string;
  autoComplete: string;
  max: number;
  value: string;
  onChange: (v: string) => void;
  onClear: () => void;
}

/** A digits-only input: other characters revert, spaces are stripped; typing and blur clear the error. */
function DigitsInput({ size, icon, label, placeholder, autoComplete, max, value, onChange, onClear }: DigitsProps) {
  return (
    <Input
      size={size}
      prefix={icon}
      placeholder={placeholder}
      inputMode="numeric"
      autoComplete={autoComplete}
      aria-label={label}
      maxLength={max}
      value={value}
      onBlur={onClear}
      onChange={(e) => {
        onClear();
        onChange(filterDigits(value, e.target.value, max));
      }}
    />
  );
}

/**
 * Phone + SMS code inputs shared by SMS login and the bind dialog: digits only (other characters
 * revert, spaces are stripped), 11 / 6 long, and the 60 s send button. Typing or blur clears the error.
 */
export function PhoneCodeFields({ value, onChange, onSend, onError, size = 'large' }: Props) {
  const countdown = useSmsCountdown();
  const clear = () => onError(null);
  const send = async () => {
    const msg = validateLoginForm('smsPhone', { phone: value.phone });
    if (msg) return onError(msg);
    try {
      await countdown.send(() => onSend(value.phone));
    } catch (e) {
      onError((e as Error).message);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <DigitsInput
        size={size}
        icon={<MobileOutlined />}
        label="手机号"
        placeholder="请输入手机号"
        autoComplete="tel"
        max={PHONE_LENGTH}
        value={value.phone}
        onChange={(phone) => onChange({ ...value, phone })}
        onClear={clear}
      />
      <Space.Compact style={{ width: '100%' }}>
        <DigitsInput
          size={size}
          icon={<SafetyOutlined />}
          label="验证码"
          placeholder="请输入验证码"
          autoComplete="one-time-code"
          max={CODE_LENGTH}
          value={value.verificationCode}
          onChange={(verificationCode) => onChange({ ...value, verificationCode })}
          onClear={clear}
        />
        <Button size={size} disabled={countdown.disabled} onClick={() => void send()} style={{ minWidth: 132 }}>
          {countdown.label}
        </Button>
      </Space.Compact>
    </Space>
  );
}
