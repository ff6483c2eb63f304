import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Input, Space, Typography, message } from 'antd';
import { http, postJson } from '../../dataProvider/axios';

const base = (id: number) => `/api/protection/captures/screen/${id}`;
const VIEW_W = 1280;
const VIEW_H = 720;
const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * The live recorded browser: frames polled from the server, clicks mapped onto the remote
 * 1280×720 viewport, typing, keys, scrolling and navigation sent as inputs; a red indicator with
 * the time left while recording.
 */
export function ScreenSession({ id, onStopped }: { id: number; onStopped: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [stopping, setStopping] = useState(false);
  const img = useRef<HTMLImageElement>(null);

  useEffect(() => {
    let live = true;
    let last: string | null = null;
    const tick = async () => {
      try {
        const r = await http.get(`${base(id)}/frame`, { responseType: 'blob' });
        if (!live) return;
        setRemaining(Number(r.headers['x-remaining-seconds']));
        setUrl((u) => u || decodeURI(String(r.headers['x-page-url'] ?? '')));
        if (r.status === 200) {
          const next = URL.createObjectURL(r.data as Blob);
          setSrc(next);
          if (last) URL.revokeObjectURL(last);
          last = next;
        }
        setTimeout(tick, 300);
      } catch {
        if (live) onStopped(); // the session ended (time limit, or stopped elsewhere)
      }
    };
    void tick();
    return () => {
      live = false;
      if (last) URL.revokeObjectURL(last);
    };
  }, [id, onStopped]);

  const send = async (body: Record<string, unknown>) => {
    setError(null);
    try {
      await postJson(`${base(id)}/input`, body);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const click = (e: React.MouseEvent<HTMLImageElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    void send({
      type: 'click',
      x: ((e.clientX - r.left) / r.width) * VIEW_W,
      y: ((e.clientY - r.top) / r.height) * VIEW_H,
    });
  };
  const stop = async () => {
    setStopping(true);
    try {
      await postJson(`${base(id)}/stop`);
      message.success('录屏已停止，正在生成证据包');
      onStopped();
    } catch (e) {
      setError((e as Error).message);
      setStopping(false);
    }
  };
  return (
    <Card
      size="small"
      title={
        <Space>
          <Badge status="error" />
          <Typography.Text type="danger" strong data-testid="recording-indicator">
            录制中 {remaining === null ? '' : `剩余 ${mmss(remaining)}`}
          </Typography.Text>
        </Space>
      }
      extra={
        <Button danger type="primary" loading={stopping} onClick={stop}>
          停止录制
        </Button>
      }
    >
      <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
        <Button onClick={() => send({ type: 'back' })}>后退</Button>
        <Input
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          onPressEnter={() => send({ type: 'goto', url })}
          aria-label="地址栏"
        />
        <Button onClick={() => send({ type: 'goto', url })}>前往</Button>
      </Space.Compact>
      {error && <Alert type="warning" showIcon message={error} style={{ marginBottom: 8 }} />}
      <div style={{ border: '3px solid #ff4d4f', lineHeight: 0 }}>
        {src ? (
          <img
            ref={img}
            src={src}
            alt="远程浏览器画面"
            onClick={click}
            style={{ width: '100%', cursor: 'pointer' }}
            data-testid="screen-frame"
          />
        ) : (
          <div
            style={{ height: 360, display: 'flex', alignItems: 'center', justifyContent: 'center', lineHeight: 1.5 }}
          >
            正在连接远程浏览器…
          </div>
        )}
      </div>
      <Space style={{ marginTop: 8 }} wrap>
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="要输入的文字（先点击画面中的输入框）"
          style={{ width: 320 }}
        />
        <Button
          onClick={() => {
            void send({ type: 'type', text });
            setText('');
          }}
          disabled={!text}
        >
          输入
        </Button>
        <Button onClick={() => send({ type: 'key', key: 'Enter' })}>回车</Button>
        <Button onClick={() => send({ type: 'scroll', dy: -600 })}>向上滚动</Button>
        <Button onClick={() => send({ type: 'scroll', dy: 600 })}>向下滚动</Button>
      </Space>
    </Card>
  );
}
