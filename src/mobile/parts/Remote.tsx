import type { ReactNode } from 'react';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';

/** Loading, error (with retry) and empty states around a section's data. */
export function Remote<T>({
  state,
  empty,
  children,
}: {
  state: { data?: T; error?: Error; loading: boolean; reload: () => void };
  empty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (state.error)
    return (
      <ErrorBlock status="default" title="加载失败" description={state.error.message}>
        <Button color="primary" size="small" onClick={state.reload}>
          重试
        </Button>
      </ErrorBlock>
    );
  if (state.data === undefined) return <Skeleton.Paragraph lineCount={5} animated />;
  if (empty?.(state.data)) return <ErrorBlock status="empty" title="暂无内容" description="换个条件试试" />;
  return <>{children(state.data)}</>;
}
