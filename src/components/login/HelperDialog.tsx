import { useEffect, useState } from 'react';
import { Image, Modal, Typography } from 'antd';
import { helperInstance, pickHelperImage, registerHelperShow } from './helper';

/** Helper dialog (500px): one of two assistant QR codes, picked at random on each open. */
export function HelperDialog() {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    registerHelperShow(() => setImage(pickHelperImage()));
    return () => registerHelperShow(null);
  }, []);
  if (!image) return null;
  const close = () => {
    setImage(null);
    helperInstance.close();
  };
  return (
    <Modal open width={500} title="添加小助手" footer={null} onCancel={close} centered wrapClassName="lumen-helper-dialog">
      <div style={{ textAlign: 'center' }}>
        <Image src={image} width={200} height={200} preview={false} alt="小助手微信二维码" />
        <Typography.Paragraph style={{ marginTop: 12 }}>请使用微信扫一扫，添加流明素材小助手，获取一对一帮助。</Typography.Paragraph>
      </div>
    </Modal>
  );
}
