import { useCallback, useState } from 'react';
import { Alert, Button, Card, Input, Space } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { postJson } from '../../dataProvider/axios';
import { QuotaBar } from '../../components/service-orders/QuotaBar';
import { CaptureList } from '../../components/capture/CaptureList';
import { CaptureResult } from '../../components/capture/CaptureResult';
import { ScreenSession } from '../../components/capture/ScreenSession';

/** /cyprotect/myscreen — screen-recording evidence: start a recorded remote browser, drive it, stop; my recordings; results (?id=). */
export default function MyScreen() {
  const [params, setParams] = useSearchParams();
  const [session, setSession] = useState<number | null>(null);
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const stopped = useCallback(() => {
    setSession(null);
    setVersion((v) => v + 1);
  }, []);
  const id = Number(params.get('id'));
  if (id > 0) return <CaptureResult id={id} onBack={() => setParams({})} />;
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setSession(
        (
          await postJson<{ id: number }>('/api/protection/captures/screen', {
            url: url.trim(),
            ...(title.trim() ? { title: title.trim() } : {}),
          })
        ).id,
      );
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <QuotaBar
        key={`${version}-${session ?? 0}`}
        service="screen_recording"
        name="录屏取证"
        sku="screen_recording_5"
        unit="次"
      />
      {session ? (
        <ScreenSession id={session} onStopped={stopped} />
      ) : (
        <Card size="small" title="新建录屏取证" style={{ marginBottom: 16 }}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="录屏在服务器上的全新无痕浏览器中进行：画面、每次点击与输入、网络请求全部记录；停止后生成视频（WebM）与证据包，并写入存证日志。"
          />
          <Space wrap>
            <Input
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="取证名称（可选）"
              style={{ width: 220 }}
              aria-label="录屏名称"
            />
            <Input
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="起始网址 https://"
              style={{ width: 420 }}
              aria-label="起始网址"
            />
            <Button type="primary" loading={busy} disabled={!/^https?:\/\/\S+$/.test(url.trim())} onClick={start}>
              开始录屏
            </Button>
          </Space>
          {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} />}
        </Card>
      )}
      <div style={{ marginTop: 16 }}>
        <CaptureList kind="screen" version={version} onOpen={(n) => setParams({ id: String(n) })} />
      </div>
    </>
  );
}
