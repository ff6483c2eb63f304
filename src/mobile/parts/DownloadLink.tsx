import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { download } from '../../dataProvider/axios';

/** Downloads through the request layer (saved under the server's filename), with Chinese errors. */
export function DownloadLink({ url, label, fallbackName }: { url: string; label: string; fallbackName: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const name = await download(url, undefined, fallbackName);
      Toast.show({ icon: 'success', content: `已下载 ${name}` });
    } catch (e) {
      Toast.show({ icon: 'fail', content: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" color="primary" fill="outline" loading={busy} onClick={() => void run()}>
      {label}
    </Button>
  );
}
