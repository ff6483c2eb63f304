import type { ReactNode } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';

/**
 * The two states of an account page before its data is there: loading (a skeleton card) and
 * failed (`${what}加载失败`, the reason, and 重试). Pages on usePageData return it while `data` is null.
 */
export function PageDataState({
  what,
  error,
  retry,
  extra,
}: {
  what: string;
  error: string | null;
  retry: () => void;
  extra?: ReactNode;
}) {
  if (error)
    return (
      <Result
        status="error"
        title={`${what}加载失败`}
        subTitle={error}
        extra={
          <>
            <Button onClick={() => retry()}>重试</Button>
            {extra}
          </>
        }
      />
    );
  return (
    <Card>
      <Skeleton active />
    </Card>
  );
}
