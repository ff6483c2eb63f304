import { useState } from 'react';
import { Button, Form, Modal, Typography } from 'antd';
import { loginApi } from './api';
import { FormError } from './FormError';
import { PhoneCodeFields, type PhoneCode } from './PhoneCodeFields';
import { useSubmitting } from './use-submitting';
import { validateLoginForm } from '../../schemas/login/validation';

interface Props {
  ticket: string;
  onToken: (token: string) => Promise<void>;
  onClose: () => void;
}

/** Bind-phone dialog (300px): links a first-time WeChat identity to a phone proven by SMS. */
export function BindPhoneDialog({ ticket, onToken, onClose }: Props) {
  const [value, setValue] = useState<PhoneCode>({ phone: '', verificationCode: '' });
  const [error, setError] = useState<string | null>(null);
  const { submitting, run } = useSubmitting();
  const submit = () =>
    run(async () => {
      const msg = validateLoginForm('bind', { ...value, ticket });
      if (msg) return setError(msg);
      try {
        const { token } = await loginApi.bindPhone(value.phone, value.verificationCode, ticket);
        await onToken(token);
      } catch (e) {
        setError((e as Error).message);
      }
    });
  return (
    <Modal open width={300} title="手机号绑定" footer={null} onCancel={onClose} maskClosable={false} destroyOnClose>
      <Typography.Paragraph type="secondary">绑定手机号后，账号更安全，也便于找回账号。</Typography.Paragraph>
      <Form component="form" onFinish={() => void submit()} data-testid="bind-form">
        <PhoneCodeFields
          size="middle"
          value={value}
          onChange={setValue}
          onError={setError}
          onSend={(phone) => loginApi.sendBindCode(phone, ticket)}
        />
        <FormError text={error} />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {submitting ? '绑定中...' : '确定绑定'}
        </Button>
      </Form>
    </Modal>
  );
}
