import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Popconfirm, Row, Skeleton, Space, Tag } from 'antd';
import { enumLabel } from '../../../schemas';
import { formatDateTime, StatusTag } from '../../../resources/views/cells';
import { RevisionDiff } from '../../../components/review/RevisionDiff';
import { WorkTimeline } from '../../../components/review/WorkTimeline';
import { SchemaFormModal } from '../../../components/schema-form/SchemaFormModal';
import { decide, fetchItem, type DecisionPath, type StaffReview } from './review-api';
import { DuplicateHits, ReviewMedia } from './ReviewMedia';
import { LoadFailed } from '../../../components/feedback/LoadFailed';
import { ProvenanceSummary } from '../../../components/provenance/ProvenanceSummary';

const size = (b: number | null) =>
  b === null ? '-' : b >= 1 << 20 ? `${(b / (1 << 20)).toFixed(1)} MB` : `${Math.ceil(b / 1024)} KB`;

function Metadata({ item }: { item: StaffReview }) {
  const w = item.work;
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      labelStyle={{ width: 104, whiteSpace: 'nowrap' }}
      items={[
        { key: 'type', label: '素材类型', children: enumLabel('lumen:enums/material-type', w.type) },
        { key: 'status', label: '作品状态', children: <StatusTag table="work" value={w.status} /> },
        { key: 'owner', label: '创作者', children: w.owner.nickname ?? '-' },
        { key: 'title', label: '作品标题', children: w.title },
        { key: 'description', label: '作品描述', children: w.description || '-' },
        { key: 'tags', label: '标签', children: w.tags.length ? w.tags.map((t) => <Tag key={t}>{t}</Tag>) : '-' },
        { key: 'price', label: '个人授权价格', children: `¥${w.price.toFixed(2)}` },
        {
          key: 'media',
          label: '规格',
          children: [
            w.width && w.height ? `${w.width}×${w.height}` : null,
            w.durationSec ? `${w.durationSec}秒` : null,
            w.format,
            size(w.sizeBytes),
          ]
            .filter(Boolean)
            .join(' · '),
        },
        { key: 'submitted', label: '提交时间', children: formatDateTime(item.revision?.submittedAt ?? w.submittedAt) },
      ]}
    />
  );
}

const WORK_EVENT = 'lumen:enums/work-event';

const DONE: Record<DecisionPath, { text: string; detail: string; type: 'success' | 'warning' | 'info' }> = {
  approve: { text: '已通过', detail: '作品已上架，买家现在可以搜索和购买。', type: 'success' },
  reject: { text: '已驳回', detail: '创作者会收到驳回原因，可修改后重新提交或申诉。', type: 'warning' },
  'request-info': { text: '已要求补充信息', detail: '创作者补充后，作品会回到审核队列。', type: 'info' },
};

/** How often the page asks again while the media pipeline is still working on the work. */
const MEDIA_POLL_MS = 3000;

/** Why 通过 is not offered yet: the preview and the duplicate check come from the media pipeline. */
function MediaNotice({ media }: { media: StaffReview['media'] }) {
  if (media.state === 'processing') {
    return (
      <Alert
        data-testid="review-media-processing"
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={`媒体处理中（${media.progress}%${media.message ? `，${media.message}` : ''}）`}
        description="预览与相似素材查重完成后才能审核通过，本页会自动刷新；驳回与要求补充信息不受影响。"
      />
    );
  }
  if (media.state === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 12 }}
        message="媒体处理失败，不能审核通过"
        description={media.error ?? '请驳回或要求创作者重新处理'}
      />
    );
  }
  return null;
}

/** One queue item: preview, metadata, the revision's changes, duplicate hits, timeline and the decisions. */
export function ReviewDetail({
  materialId,
  revisionId,
  onDecided,
  onNext,
}: {
  materialId: number;
  revisionId: number | null;
  onDecided: () => void;
  onNext: () => void;
}) {
  const { message } = App.useApp();
  const [item, setItem] = useState<StaffReview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'reject' | 'request-info' | null>(null);
  /** The decision this page stored: shown until the reviewer moves on, not only as a passing toast. */
  const [done, setDone] = useState<DecisionPath | null>(null);
  // A refused approval stays on screen with its reason (a toast is gone in 3 s while the item reloads).
  const [refused, setRefused] = useState<string | null>(null);
  const load = () => {
    setItem(null);
    setError(null);
    fetchItem(materialId, revisionId).then(setItem, (e: Error) => setError(e.message));
  };
  useEffect(load, [materialId, revisionId]);

  // While the media pipeline works, ask again (quietly: the page keeps what it shows) until it is done.
  const processing = !item?.revision && item?.media.state === 'processing' && item.work.status === 0;
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => fetchItem(materialId, revisionId).then(setItem, () => undefined), MEDIA_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, materialId, revisionId]);

  const run = async (path: DecisionPath, form: Record<string, unknown> = {}) => {
    const stored = await decide(item!, path, form);
    setItem(stored);
    setDone(path);
    message.success(DONE[path].text);
    setDialog(null);
    onDecided();
  };
  const approve = async () => {
    setBusy(true);
    setRefused(null);
    try {
      await run('approve');
    } catch (e) {
      setRefused((e as Error).message);
      load(); // decided by someone else, or the content changed: show what is there now
    } finally {
      setBusy(false);
    }
  };

  if (error) return <LoadFailed error={error} retry={load} />;
  if (!item)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const rev = item.revision;
  const appealText = rev ? rev.appealText : item.work.appealText;
  const pending = !done && (rev ? rev.status === 0 : item.work.status === 0);
  const approvable = !!rev || item.media.state === 'ready' || item.media.state === 'none';
  return (
    <Card
      title={
        <Space wrap>
          <Tag color={rev ? 'blue' : 'gold'}>{rev ? '作品修改' : '新作品'}</Tag>
          {(rev?.appeal || (!rev && item.work.appeal)) && <Tag color="purple">申诉</Tag>}
          {rev ? rev.fields.title : item.work.title}
        </Space>
      }
      extra={
        pending ? (
          <Space>
            <Popconfirm
              title={rev ? '通过后修改内容将立即替换在售版本，确定通过吗？' : '确定审核通过并上架吗？'}
              onConfirm={approve}
              disabled={!approvable}
            >
              <Button
                type="primary"
                loading={busy}
                disabled={!approvable}
                title={approvable ? undefined : '媒体处理完成后才能通过'}
              >
                通过
              </Button>
            </Popconfirm>
            <Button danger onClick={() => setDialog('reject')}>
              驳回
            </Button>
            <Button onClick={() => setDialog('request-info')}>{enumLabel(WORK_EVENT, 'request_info')}</Button>
          </Space>
        ) : done ? (
          <Tag
            data-testid="review-decision"
            color={DONE[done].type === 'success' ? 'green' : DONE[done].type === 'warning' ? 'red' : 'orange'}
          >
            {DONE[done].text}
          </Tag>
        ) : (
          <Tag>已处理</Tag>
        )
      }
    >
      {refused && !done && (
        <Alert
          data-testid="review-refused"
          type="error"
          showIcon
          closable
          onClose={() => setRefused(null)}
          style={{ marginBottom: 12 }}
          message="未能通过"
          description={refused}
        />
      )}
      {done && (
        <Alert
          data-testid="review-done"
          type={DONE[done].type}
          showIcon
          style={{ marginBottom: 12 }}
          message={`${DONE[done].text}：${rev ? rev.fields.title : item.work.title}`}
          description={DONE[done].detail}
          action={
            <Button size="small" type="primary" onClick={onNext}>
              审核下一项
            </Button>
          }
        />
      )}
      {!done && !rev && <MediaNotice media={item.media} />}
      {appealText && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="创作者申诉" description={appealText} />
      )}
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <ReviewMedia work={item.work} />
        </Col>
        <Col xs={24} lg={12}>
          <Metadata item={item} />
        </Col>
      </Row>
      {rev && (
        <Card size="small" title="修改内容" style={{ marginTop: 16 }}>
          {rev.diff.length ? <RevisionDiff diff={rev.diff} /> : <Empty description="与在售版本相同" />}
        </Card>
      )}
      <Card size="small" title="内容凭证（C2PA）与AI生成声明" style={{ marginTop: 16 }} data-testid="review-provenance">
        <ProvenanceSummary
          provenance={item.work.provenance}
          aiGenerated={item.work.aiGenerated}
          aiSource={item.work.aiSource}
          review={{ aiDeclared: item.work.aiDeclared, aiConflict: item.work.aiConflict }}
        />
      </Card>
      <Card size="small" title={`相似素材（${item.duplicates.length}）`} style={{ marginTop: 16 }}>
        <DuplicateHits hits={item.duplicates} />
      </Card>
      <Card size="small" title="审核动态" style={{ marginTop: 16 }}>
        <WorkTimeline events={item.events} />
      </Card>
      <SchemaFormModal
        open={dialog === 'reject'}
        schemaId="lumen:forms/review-reject"
        title="驳回"
        okText="确认驳回"
        danger
        onCancel={() => setDialog(null)}
        onSubmit={(f) => run('reject', f)}
      />
      <SchemaFormModal
        open={dialog === 'request-info'}
        schemaId="lumen:forms/review-info"
        title={enumLabel(WORK_EVENT, 'request_info')}
        onCancel={() => setDialog(null)}
        onSubmit={(f) => run('request-info', f)}
      />
    </Card>
  );
}
