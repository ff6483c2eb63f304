import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loginApi } from './api';
import { FormError } from './FormError';
import { useSubmitting } from './use-submitting';
import { TEXT_MAX, validateLoginForm } from '../../schemas/login/validation';

/** Password login (loginType 1): username (or phone) and password, both required, max 100. */
export function PasswordLoginForm({ onToken }: { onToken: (token: string) => Promise<void> }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { submitting, run } = useSubmitting();
  const clear = () => setError(null);
  const submit = () =>
    run(async () => {
      const msg = validateLoginForm('passwordForm', { username: username.trim(), password });
      if (msg) return setError(msg);
      try {
        const { token } = await loginApi.passwordLogin(username.trim(), password);
        await onToken(token);
      } catch (e) {
        setError((e as Error).message);
      }
    });
  return (
    <Form component="form" onFinish={() => void submit()} data-testid="password-login-form">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder="用户名 / 手机号"
          aria-label="用户名"
          autoComplete="username"
          maxLength={TEXT_MAX}
          value={username}
          onChange={(e) => {
            clear();
            setUsername(e.target.value);
          }}
          onBlur={clear}
        />
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          aria-label="密码"
          autoComplete="current-password"
          maxLength={TEXT_MAX}
          value={password}
          onChange={(e) => {
            clear();
            setPassword(e.target.value);
          }}
          onBlur={clear}
        />
      </Space>
      <FormError text={error} />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitting ? '登录中...' : '登录'}
      </Button>
    </Form>
  );
}
