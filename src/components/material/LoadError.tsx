import { Button, Result } from 'antd';

/** A section that failed to load: the reason and a retry button (RemoteState's error state). */
export default function LoadError({ message, reload }: { message: string; reload: () => void }) {
  return (
    <Result
      status="warning"
      title="加载失败"
      subTitle={message}
      extra={
        <Button type="primary" onClick={reload}>
          重试
        </Button>
      }
    />
  );
}
