import { Typography } from 'antd';
import type { DraftStatus } from './use-draft-autosave';

const time = (d: Date) => d.toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** One quiet line under a form: whether its draft is saved (and where to find drafts). */
export function DraftStatusLine({ status, resumed }: { status: DraftStatus; resumed: string | null }) {
  const text =
    status.state === 'saving'
      ? '正在保存草稿…'
      : status.state === 'saved'
        ? `草稿已自动保存（${time(status.at)}），可在草稿箱中继续填写`
        : status.state === 'error'
          ? `草稿未保存：${status.message}`
          : resumed
            ? `已恢复草稿「${resumed}」（附件需重新选择）`
            : '填写内容会自动保存为草稿';
  return (
    <Typography.Text type={status.state === 'error' ? 'danger' : 'secondary'} data-testid="draft-status">
      {text}
    </Typography.Text>
  );
}
