import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';

/** Loading (Skeleton), error (Result with retry) and empty states around a section's content. */
export function RemoteState<T>({ loading, error, data, reload, empty, emptyView, rows = 4, children }: {
  loading: boolean;
  error?: Error;
  data?: T;
  reload: () => void;
  /** Decides whether loaded data counts as empty; renders `emptyView` then. */
  empty?: (data: T) => boolean;
  rows?: number;
  emptyView?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (loading && data === undefined) return <Skeleton active paragraph={{ rows }} />;
  if (error) {
    return <Result status="warning" title="加载失败" subTitle={error.message} extra={<Button type="primary" onClick={reload}>重试</Button>} />;
  }
  if (data === undefined) return <Skeleton active paragraph={{ rows }} />;
  if (empty?.(data)) return <>{emptyView ?? <Empty description="暂无内容" />}</>;
  return <>{children(data)}</>;
}
