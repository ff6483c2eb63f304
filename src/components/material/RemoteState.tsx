import { lazy, Suspense, type ReactNode } from 'react';
import { Empty, Skeleton } from 'antd';

// antd's Result brings its status illustrations (10 kB gzip): loaded only when a load fails.
const LoadError = lazy(() => import('./LoadError'));

/** Loading (Skeleton), error (Result with retry) and empty states around a section's content. */
export function RemoteState<T>({
  loading,
  error,
  data,
  reload,
  empty,
  emptyView,
  rows = 4,
  children,
}: {
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
    return (
      <Suspense fallback={null}>
        <LoadError message={error.message} reload={reload} />
      </Suspense>
    );
  }
  if (data === undefined) return <Skeleton active paragraph={{ rows }} />;
  if (empty?.(data)) return <>{emptyView ?? <Empty description="暂无内容" />}</>;
  return <>{children(data)}</>;
}
