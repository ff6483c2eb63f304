import { useRef, useState } from 'react';
import { App, Button } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { download, postJson, RequestError } from '../../dataProvider/axios';
import { ensureLogin } from '../licence/ensure-login';

/** A fresh idempotency key for one download (kept across retries of that download). */
const newKey = () =>
  (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(
    /[^A-Za-z0-9_-]/g,
    '',
  );

/**
 * 套餐下载 on an image's detail page: takes one image from the user's download packages and saves
 * the original. The key is made once per download and reused when the request is retried after a
 * failure, so a flaky network never takes a second unit; it is renewed after a success.
 */
export function PackageDownloadButton({ materialId }: { materialId: number }) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const key = useRef<string>(newKey());
  const run = async () => {
    if (!(await ensureLogin())) return;
    setBusy(true);
    try {
      const d = await postJson<{ id: number; repeated: boolean }>('/api/user/image-downloads', {
        materialId,
        idempotencyKey: key.current,
      });
      key.current = newKey();
      const name = await download(`/api/user/image-downloads/${d.id}/file`, undefined, `image-${materialId}`);
      message.success(
        d.repeated ? `已下载 ${name}（本次下载此前已扣减，未重复扣减）` : `已下载 ${name}，扣减 1 张套餐额度`,
      );
    } catch (e) {
      const err = e as RequestError;
      if (err.code === 402) {
        key.current = newKey();
        const dialog = modal.info({
          title: '图片下载套餐额度不足',
          content: (
            <span>
              {err.message}。
              <Link to="/account/purchasePackage" onClick={() => dialog.destroy()}>
                去购买图片下载套餐
              </Link>
            </span>
          ),
        });
      } else message.error(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button block icon={<CloudDownloadOutlined />} loading={busy} onClick={run} data-testid="package-download">
      套餐下载原图
    </Button>
  );
}
