import { useState } from 'react';
import { Alert, Button, Card, Collapse, Form, Input, InputNumber, Select, Space, message } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { postJson } from '../../dataProvider/axios';
import formSchema from '../../schemas/forms/web-capture.json';

const ACTIONS = formSchema.properties.steps.items.properties.action.oneOf.map((o) => ({
  value: o.const,
  label: o.title,
}));

interface Values {
  title?: string;
  urls: string[];
  steps?: Array<{ action: string; selector?: string; ms?: number }>;
  cookies?: Array<{ name: string; value: string; domain?: string }>;
}

/** New web capture: URL list, optional steps and login cookies (lumen:forms/web-capture). */
export function CaptureForm({ onCreated }: { onCreated: (id: number) => void }) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      const body = {
        ...v,
        urls: v.urls.map((u) => u.trim()).filter(Boolean),
        steps: v.steps?.filter((s) => s?.action),
        cookies: v.cookies?.filter((c) => c?.name),
      };
      const r = await postJson<{ id: number }>('/api/protection/captures', body);
      message.success('已提交取证任务');
      form.resetFields();
      onCreated(r.id);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="新建网页取证" size="small" style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" initialValues={{ urls: [''] }} onFinish={submit} data-testid="capture-form">
        <Form.Item
          name="title"
          label={formSchema.properties.title.title}
          rules={[{ max: 60, message: formSchema.properties.title['x-msg'] }]}
        >
          <Input placeholder="例如：某网站盗用摄影作品" />
        </Form.Item>
        <Form.List name="urls">
          {(fields, { add, remove }) => (
            <Form.Item label={formSchema.properties.urls.title} required>
              {fields.map((f, i) => (
                <Space key={f.key} style={{ display: 'flex', marginBottom: 8 }} align="baseline">
                  <Form.Item
                    name={f.name}
                    noStyle
                    rules={[
                      {
                        required: true,
                        pattern: new RegExp(formSchema.properties.urls.items.pattern),
                        message: formSchema.properties.urls.items['x-msg'],
                      },
                    ]}
                  >
                    <Input style={{ width: 520 }} placeholder="https://" aria-label={`网址${i + 1}`} />
                  </Form.Item>
                  {fields.length > 1 && <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除网址" />}
                </Space>
              ))}
              {fields.length < formSchema.properties.urls.maxItems && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                  添加网址
                </Button>
              )}
            </Form.Item>
          )}
        </Form.List>
        <Collapse
          size="small"
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'steps',
              label: '取证步骤（可选：滚动、点击元素、等待）',
              children: (
                <Form.List name="steps">
                  {(fields, { add, remove }) => (
                    <>
                      {fields.map((f) => (
                        <Space key={f.key} align="baseline" style={{ display: 'flex', marginBottom: 8 }}>
                          <Form.Item
                            name={[f.name, 'action']}
                            noStyle
                            rules={[{ required: true, message: '请选择步骤动作' }]}
                          >
                            <Select style={{ width: 140 }} options={ACTIONS} placeholder="动作" />
                          </Form.Item>
                          <Form.Item name={[f.name, 'selector']} noStyle>
                            <Input style={{ width: 240 }} placeholder="CSS 选择器（点击时必填）" />
                          </Form.Item>
                          <Form.Item name={[f.name, 'ms']} noStyle>
                            <InputNumber min={0} max={30000} placeholder="等待毫秒" />
                          </Form.Item>
                          <MinusCircleOutlined onClick={() => remove(f.name)} />
                        </Space>
                      ))}
                      <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ action: 'scroll' })}>
                        添加步骤
                      </Button>
                    </>
                  )}
                </Form.List>
              ),
            },
            {
              key: 'cookies',
              label: '登录 Cookie（可选：需要登录才能看到的页面）',
              children: (
                <Form.List name="cookies">
                  {(fields, { add, remove }) => (
                    <>
                      <Alert
                        type="info"
                        showIcon
                        style={{ marginBottom: 8 }}
                        message="Cookie 只用于本次取证，不会保存；取证记录中只记录 Cookie 名称。"
                      />
                      {fields.map((f) => (
                        <Space key={f.key} align="baseline" style={{ display: 'flex', marginBottom: 8 }}>
                          <Form.Item
                            name={[f.name, 'name']}
                            noStyle
                            rules={[{ required: true, message: '请填写名称' }]}
                          >
                            <Input style={{ width: 160 }} placeholder="名称" />
                          </Form.Item>
                          <Form.Item name={[f.name, 'value']} noStyle rules={[{ required: true, message: '请填写值' }]}>
                            <Input style={{ width: 260 }} placeholder="值" />
                          </Form.Item>
                          <Form.Item name={[f.name, 'domain']} noStyle>
                            <Input style={{ width: 180 }} placeholder="域名（默认第一个网址）" />
                          </Form.Item>
                          <MinusCircleOutlined onClick={() => remove(f.name)} />
                        </Space>
                      ))}
                      <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                        添加 Cookie
                      </Button>
                    </>
                  )}
                </Form.List>
              ),
            },
          ]}
        />
        {error && (
          <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="capture-error" />
        )}
        <Button type="primary" htmlType="submit" loading={busy}>
          开始取证
        </Button>
      </Form>
    </Card>
  );
}
