import { Alert, Modal, Typography } from 'antd';

/** The signing secret, shown once (after creation or rotation) with a copy button. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal
      open={secret !== null}
      title="签名密钥"
      okText="我已保存"
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnClose
    >
      <Alert
        type="warning"
        showIcon
        message="密钥只显示这一次"
        description="请复制并保存到接收方，用它校验每次推送的 Lumen-Webhook-Signature 签名。关闭后无法再次查看，遗失时可更换密钥。"
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph
        code
        copyable={{ text: secret ?? '', tooltips: ['复制密钥', '已复制'] }}
        data-testid="webhook-secret"
        style={{ wordBreak: 'break-all' }}
      >
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
