import { useState } from 'react';
import { Button, Form } from 'antd';
import { loginApi } from './api';
import { FormError } from './FormError';
import { PhoneCodeFields, type PhoneCode } from './PhoneCodeFields';
import { useSubmitting } from './use-submitting';
import { validateLoginForm } from '../../schemas/login/validation';

/** Phone + SMS login (loginType 0): registers the phone on first use. */
export function SmsLoginForm({ onToken }: { onToken: (token: string) => Promise<void> }) {
  const [value, setValue] = useState<PhoneCode>({ phone: '', verificationCode: '' });
  const [error, setError] = useState<string | null>(null);
  const { submitting, run } = useSubmitting();
  const submit = () =>
    run(async () => {
      const msg = validateLoginForm('login', { ...value });
      if (msg) return setError(msg);
      try {
        const { token } = await loginApi.phoneLogin(value.phone, value.verificationCode);
        await onToken(token);
      } catch (e) {
        setError((e as Error).message);
      }
    });
  return (
    <Form component="form" onFinish={() => void submit()} data-testid="sms-login-form">
      <PhoneCodeFields value={value} onChange={setValue} onError={setError} onSend={loginApi.sendLoginCode} />
      <FormError text={error} />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitting ? '登录中...' : '登录 / 注册'}
      </Button>
    </Form>
  );
}
