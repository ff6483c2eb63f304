import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space, message } from 'antd';
import phoneForm from '../../../schemas/forms/phone-change.json';
import { changePhone, sendPhoneCode } from './security-api';

const props = phoneForm.properties;
/** antd rules from the same schema the server validates with (lumen:forms/phone-change). */
const ruleOf = (p: { pattern: string; 'x-msg': string }) => [
  { required: true, message: p['x-msg'] },
  { pattern: new RegExp(p.pattern), message: p['x-msg'] },
];
const RESEND_S = 60;

/** Change the bound phone: a code to the new phone, the current password if the account has one. */
export function PhoneChangeModal({
  open,
  hasPassword,
  onClose,
  onChanged,
}: {
  open: boolean;
  hasPassword: boolean;
  onClose: () => void;
  onChanged: (msg: string) => void;
}) {
  const [form] = Form.useForm<{ phone: string; code: string; currentPassword?: string }>();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  useEffect(() => {
    if (!open) form.resetFields();
  }, [open, form]);

  const send = async () => {
    // A refusal is shown on the field itself; nothing more to do with it here.
    const checked = await form.validateFields(['phone']).catch(() => null);
    if (!checked) return;
    const { phone } = checked;
    setSending(true);
    try {
      await sendPhoneCode(phone);
      message.success('验证码已发送');
      setLeft(RESEND_S);
    } catch (e) {
      form.setFields([{ name: 'phone', errors: [(e as Error).message] }]);
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const r = await changePhone(values);
      onChanged(
        r.endedSessions
          ? `手机号已更换为 ${r.phone}，其他 ${r.endedSessions} 处登录已退出`
          : `手机号已更换为 ${r.phone}`,
      );
    } catch (e) {
      // Server refusals carry the field they concern (AppError data.fieldErrors, keys are JSON pointers).
      const err = e as Error & { data?: { fieldErrors?: Record<string, string> } | null };
      const fields = Object.entries(err.data?.fieldErrors ?? {}).map(([k, v]) => ({
        name: k.replace(/^\//, '') as 'phone',
        errors: [v],
      }));
      if (fields.length) form.setFields(fields);
      else message.error(err.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="更换绑定手机"
      okText="确认更换"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnClose
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="phone" label={props.phone.title} rules={ruleOf(props.phone)}>
          <Input maxLength={11} placeholder="请输入新手机号" autoComplete="tel" />
        </Form.Item>
        <Form.Item label={props.code.title} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={ruleOf(props.code)}>
              <Input maxLength={6} placeholder="6位验证码" autoComplete="one-time-code" />
            </Form.Item>
            <Button onClick={() => void send()} loading={sending} disabled={left > 0}>
              {left > 0 ? `${left} 秒后重发` : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
        {hasPassword && (
          <Form.Item
            name="currentPassword"
            label={props.currentPassword.title}
            rules={[{ required: true, message: props.currentPassword['x-msg'] }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
