import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { download } from '../../dataProvider/axios';

/** Downloads a file through the request layer (saved under the server's filename); shows errors in Chinese. */
export function DownloadButton({ url, label, fallbackName }: { url: string; label: string; fallbackName: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const name = await download(url, undefined, fallbackName);
      message.success(`已下载 ${name}`);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" icon={<DownloadOutlined />} loading={busy} onClick={run}>
      {label}
    </Button>
  );
}
