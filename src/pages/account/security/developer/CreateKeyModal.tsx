import { useState } from 'react';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { lumenFormProps } from '../../../../components/schema-form/form-props';
import { toExtraErrors } from '../../../../resources/views/ResourceForm';
import type { RequestError } from '../../../../dataProvider/axios';
import { createApiKeySchema, createApiKeyUiSchema } from '../../../../schemas/api-keys/create-key';
import { createKey, type ApiKeyCreated } from './developer-api';

const { title: _t, description: _d, ...formSchema } = createApiKeySchema;

/** The create-key form (the server validates the same schema), then the secret, shown this once. */
export function CreateKeyModal({ open, onClose }: { open: boolean; onClose: (created: boolean) => void }) {
  const [data, setData] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const reset = () => {
    setData({});
    setError(null);
    setExtraErrors(undefined);
    setCreated(null);
  };
  const submit = async (form: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    setExtraErrors(undefined);
    try {
      setCreated(await createKey(form));
    } catch (e) {
      const err = e as RequestError;
      setError(err.message || '创建失败');
      setExtraErrors(toExtraErrors(err.data));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    const wasCreated = !!created;
    reset();
    onClose(wasCreated);
  };

  return (
    <Modal
      open={open}
      title={created ? '请保存您的 API 密钥' : '创建 API 密钥'}
      onCancel={close}
      footer={created ? <Button onClick={close}>我已保存，关闭</Button> : null}
      maskClosable={!created}
      destroyOnClose
      width={620}
    >
      {created ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type="warning"
            showIcon
            message="密钥只显示这一次"
            description="关闭后无法再次查看完整密钥。请立即复制并保存在安全的地方（如服务器的环境变量），不要写进前端代码或提交到代码仓库。遗失后请吊销并重新创建。"
          />
          <Typography.Paragraph
            code
            copyable={{ text: created.secret, tooltips: ['复制密钥', '已复制'] }}
            data-testid="api-key-secret"
            style={{ wordBreak: 'break-all', fontSize: 15 }}
          >
            {created.secret}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            名称：{created.key.name}　前缀：{created.key.prefix}
          </Typography.Text>
        </Space>
      ) : (
        <>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
          <Form
            schema={formSchema as unknown as RJSFSchema}
            uiSchema={createApiKeyUiSchema as unknown as UiSchema}
            formData={data}
            onChange={(e) => setData(e.formData)}
            {...lumenFormProps}
            extraErrors={extraErrors}
            showErrorList={false}
            noHtml5Validate
            onSubmit={(e) => submit(e.formData)}
            disabled={busy}
          >
            <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button onClick={close}>取消</Button>
              <Button type="primary" htmlType="submit" loading={busy}>
                创建密钥
              </Button>
            </Space>
          </Form>
        </>
      )}
    </Modal>
  );
}
