import { Image, Modal, Typography } from 'antd';

/** The helper dialog's body (antd Modal and Image): a chunk of its own, loaded on first open. */
export default function HelperModal({ image, onClose }: { image: string; onClose: () => void }) {
  return (
    <Modal
      open
      width={500}
      title="添加小助手"
      footer={null}
      onCancel={onClose}
      centered
      wrapClassName="lumen-helper-dialog"
    >
      <div style={{ textAlign: 'center' }}>
        <Image src={image} width={200} height={200} preview={false} alt="小助手微信二维码" />
        <Typography.Paragraph style={{ marginTop: 12 }}>
          请使用微信扫一扫，添加流明素材小助手，获取一对一帮助。
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
