import { useState } from 'react';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useSmsCountdown } from '../../components/login/use-countdown';
import { validateLoginForm } from '../../schemas/login/validation';

/**
 * Phone + SMS code, validated by the same login schema as the desktop dialog. `send` asks the
 * server for a code (the sandbox SMS outbox in development); `submit` gets the filled pair.
 */
export function PhoneCodeForm({
  send,
  submit,
  action,
}: {
  send: (phone: string) => Promise<unknown>;
  submit: (phone: string, code: string) => Promise<void>;
  action: string;
}) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sms = useSmsCountdown();
  const sendCode = async () => {
    const msg = validateLoginForm('smsPhone', { phone });
    if (msg) return setError(msg);
    setError(null);
    try {
      await sms.send(() => send(phone));
      Toast.show({ content: '验证码已发送' });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const onFinish = async () => {
    const msg = validateLoginForm('login', { phone, verificationCode: code });
    if (msg) return setError(msg);
    setError(null);
    setBusy(true);
    try {
      await submit(phone, code);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      layout="horizontal"
      onFinish={() => void onFinish()}
      footer={
        <>
          {error && (
            <p role="alert" style={{ color: '#d4380d', margin: '0 0 8px' }}>
              {error}
            </p>
          )}
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {busy ? `${action}中...` : action}
          </Button>
        </>
      }
    >
      <Form.Item label="手机号">
        <Input
          aria-label="手机号"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder="请输入手机号"
          value={phone}
          onChange={setPhone}
        />
      </Form.Item>
      <Form.Item
        label="验证码"
        extra={
          <Button size="small" color="primary" fill="outline" disabled={sms.disabled} onClick={() => void sendCode()}>
            {sms.label}
          </Button>
        }
      >
        <Input
          aria-label="验证码"
          inputMode="numeric"
          maxLength={6}
          placeholder="6 位验证码"
          value={code}
          onChange={setCode}
        />
      </Form.Item>
    </Form>
  );
}
