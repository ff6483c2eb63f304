import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Card, Empty, Progress, Space, Typography, theme } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { currentSchema, resolveRule, ruleRefFor } from '../../schemas';
import { ruleSummary, type UploadRule } from '../../schemas/file-rules';
import { useSchema } from '../../hooks/use-schema';
import { openLogin } from '../login';
import { overallOf, UploadQueue, type UploadRow } from './upload-queue';
import { UploadFileRow } from './UploadFileRow';
import { CompletedUploads } from './CompletedUploads';
import { formatSpeed, formatTimeLeft } from './format';

const RULES_ID = 'lumen:rules/material';
export const MSG_NO_FILE_API =
  '当前浏览器不支持文件分片上传（缺少 File API），请使用最新版的 Chrome、Edge、Firefox 或 Safari 浏览器';

function ruleOf(workType: number): UploadRule | undefined {
  const ref = ruleRefFor('material', workType, currentSchema);
  return ref ? resolveRule(ref, currentSchema) : undefined;
}

export interface ChunkUploaderProps {
  /** Material type code (lumen:enums/material-type): 1 video, 11 image. */
  workType: number;
  /** Called once per file the server has accepted (its id goes to the work form). */
  onComplete?: (row: UploadRow) => void;
  /** List the completed files with their upload ids (off when the page shows its own work form for them). */
  showCompleted?: boolean;
}

/**
 * The shared chunked uploader (simple-uploader.js inside antd): drop or pick many files, each
 * checked against the material rule in the browser, fingerprinted, registered and sent in chunks,
 * with per-file and overall progress, speed, time left, pause/resume/retry/cancel and the file and
 * chunk states of spec §4. Completed files are listed with their upload id.
 */
export function ChunkUploader({ workType, onComplete, showCompleted = true }: ChunkUploaderProps) {
  useSchema(RULES_ID); // the staff-edited version of the rules, when the server has one
  const rule = ruleOf(workType);
  const queue = useMemo(
    () =>
      new UploadQueue({
        workType,
        rule: () => ruleOf(workType),
        onLoginNeeded: () => void openLogin().catch(() => undefined),
      }),
    [workType],
  );
  const rows = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const dropRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { token } = theme.useToken();

  useEffect(() => {
    if (!queue.support || !dropRef.current || !inputRef.current) return;
    const drop = dropRef.current;
    queue.uploader.assignDrop(drop);
    queue.uploader.assignBrowse(inputRef.current);
    return () => queue.uploader.unAssignDrop(drop);
  }, [queue]);
  useEffect(() => {
    queue.attach();
    return () => queue.detach();
  }, [queue]);

  const reported = useRef(new Set<string>());
  useEffect(() => {
    for (const r of rows) {
      if (r.state === 'success' && !reported.current.has(r.key)) {
        reported.current.add(r.key);
        onComplete?.(r);
      }
    }
  }, [rows, onComplete]);

  if (!queue.support) return <Alert type="warning" showIcon message="无法上传文件" description={MSG_NO_FILE_API} />;

  const all = overallOf(rows);
  const accept = rule ? rule.extensions.map((e) => `.${e}`).join(',') : undefined;
  const actions = {
    pause: (k: string) => queue.pause(k),
    resume: (k: string) => queue.resume(k),
    retry: (k: string) => void queue.retry(k),
    cancel: (k: string) => queue.cancel(k),
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <div
        ref={dropRef}
        data-testid="upload-drop"
        role="button"
        tabIndex={0}
        onClick={() => inputRef.current?.click()}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && inputRef.current?.click()}
        onDragEnter={() => setDragging(true)}
        onDragLeave={() => setDragging(false)}
        onDrop={() => setDragging(false)}
        style={{
          border: `1px dashed ${dragging ? token.colorPrimary : token.colorBorder}`,
          background: dragging ? token.colorPrimaryBg : token.colorFillAlter,
          borderRadius: token.borderRadiusLG,
          padding: '32px 16px',
          textAlign: 'center',
          cursor: 'pointer',
        }}
      >
        <InboxOutlined style={{ fontSize: 48, color: token.colorPrimary }} />
        <Typography.Paragraph style={{ margin: '12px 0 4px', fontSize: 16 }}>
          点击或将文件拖拽到此处上传，可一次选择多个文件
        </Typography.Paragraph>
        <Typography.Text type="secondary">{rule ? ruleSummary(rule) : '该素材类型暂不支持上传'}</Typography.Text>
        <input ref={inputRef} type="file" multiple accept={accept} hidden data-testid="upload-input" />
      </div>

      <Card
        size="small"
        title={`上传列表（${all.done}/${all.total}）`}
        extra={
          <Space>
            <Button size="small" onClick={() => queue.resumeAll()} disabled={!rows.some((r) => r.state === 'paused')}>
              全部继续
            </Button>
            <Button size="small" onClick={() => queue.pauseAll()} disabled={!rows.some((r) => r.state === 'uploading')}>
              全部暂停
            </Button>
            <Button
              size="small"
              danger
              onClick={() => queue.cancelAll()}
              disabled={!rows.some((r) => r.state !== 'success')}
            >
              全部取消
            </Button>
          </Space>
        }
      >
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有选择文件" />
        ) : (
          <>
            <div data-testid="upload-overall">
              <Progress
                percent={Math.floor(all.progress * 1000) / 10}
                status={all.uploading ? 'active' : all.done === all.total ? 'success' : 'normal'}
              />
              {all.uploading && (
                <Space size={12}>
                  <Typography.Text type="secondary">总速度 {formatSpeed(all.speed)}</Typography.Text>
                  <Typography.Text type="secondary">{formatTimeLeft(all.timeLeft)}</Typography.Text>
                </Space>
              )}
            </div>
            {rows.map((r) => (
              <UploadFileRow key={r.key} row={r} actions={actions} />
            ))}
          </>
        )}
      </Card>
      {showCompleted && <CompletedUploads rows={rows.filter((r) => r.state === 'success')} />}
    </Space>
  );
}
