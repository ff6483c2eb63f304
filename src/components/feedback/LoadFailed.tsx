import { Alert, Button } from 'antd';
import styles from './LoadFailed.module.css';

/** What to show as the reason: a string, or the message of an Error (or of anything else carrying one). */
function reason(error: unknown): string | undefined {
  const text = typeof error === 'string' ? error : (error as { message?: unknown } | null | undefined)?.message;
  return typeof text === 'string' && text ? text : undefined;
}

/**
 * One error state for every section and list that failed to load: the title says what failed
 * (`${what}加载失败`), the description why, and 重试 appears when the caller can reload.
 * Pages use this instead of hand-writing their own Alert, so every failure reads and acts the same.
 */
export function LoadFailed({ what, error, retry }: { what?: string; error?: unknown; retry?: () => void }) {
  return (
    <Alert
      className={styles.loadFailed}
      type="error"
      showIcon
      message={`${what ?? ''}加载失败`}
      description={reason(error)}
      action={
        retry ? (
          <Button size="small" onClick={() => retry()}>
            重试
          </Button>
        ) : undefined
      }
    />
  );
}
