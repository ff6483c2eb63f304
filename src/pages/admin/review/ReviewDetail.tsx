import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Popconfirm, Row, Skeleton, Space, Tag } from 'antd';
import { enumLabel } from '../../../schemas';
import { formatDateTime, StatusTag } from '../../../resources/views/cells';
import { RevisionDiff } from '../../../components/review/RevisionDiff';
import { WorkTimeline } from '../../../components/review/WorkTimeline';
import { SchemaFormModal } from '../../../components/schema-form/SchemaFormModal';
import { decide, fetchItem, type DecisionPath, type StaffReview } from './review-api';
import { DuplicateHits, ReviewMedia } from './ReviewMedia';

const size = (b: number | null) => (b === null ? '-' : b >= 1 << 20 ? `${(b / (1 << 20)).toFixed(1)} MB` : `${Math.ceil(b / 1024)} KB`);

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
        { key: 'media', label: '规格', children: [w.width && w.height ? `${w.width}×${w.height}` : null, w.durationSec ? `${w.durationSec}秒` : null, w.format, size(w.sizeBytes)].filter(Boolean).join(' · ') },
        { key: 'submitted', label: '提交时间', children: formatDateTime(item.revision?.submittedAt ?? w.submittedAt) },
      ]}
    />
  );
}

/** One queue item: preview, metadata, the revision's changes, duplicate hits, timeline and the decisions. */
export function ReviewDetail({ materialId, revisionId, onDecided }: { materialId: number; revisionId: number | null; onDecided: () => void }) {
  const { message } = App.useApp();
  const [item, setItem] = useState<StaffReview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'reject' | 'request-info' | null>(null);
  const load = () => {
    setItem(null);
    setError(null);
    fetchItem(materialId, revisionId).then(setItem, (e: Error) => setError(e.message));
  };
  useEffect(load, [materialId, revisionId]);

  const run = async (path: DecisionPath, form: Record<string, unknown> = {}) => {
    await decide(item!, path, form);
    message.success(path === 'approve' ? '已通过' : path === 'reject' ? '已驳回' : '已要求补充信息');
    setDialog(null);
    onDecided();
  };
  const approve = async () => {
    setBusy(true);
    try {
      await run('approve');
    } catch (e) {
      message.error((e as Error).message);
      load(); // decided by someone else, or the content changed: show what is there now
    } finally {
      setBusy(false);
    }
  };

  if (error) return <Alert type="error" showIcon message="加载失败" description={error} />;
  if (!item) return <Card><Skeleton active /></Card>;
  const rev = item.revision;
  const appealText = rev ? rev.appealText : item.work.appealText;
  const pending = rev ? rev.status === 0 : item.work.status === 0;
  return (
    <Card
      title={<Space wrap><Tag color={rev ? 'blue' : 'gold'}>{rev ? '作品修改' : '新作品'}</Tag>{(rev?.appeal || (!rev && item.work.appeal)) && <Tag color="purple">申诉</Tag>}{rev ? rev.fields.title : item.work.title}</Space>}
      extra={
        pending ? (
          <Space>
            <Popconfirm title={rev ? '通过后修改内容将立即替换在售版本，确定通过吗？' : '确定审核通过并上架吗？'} onConfirm={approve}>
              <Button type="primary" loading={busy}>通过</Button>
            </Popconfirm>
            <Button danger onClick={() => setDialog('reject')}>驳回</Button>
            <Button onClick={() => setDialog('request-info')}>要求补充信息</Button>
          </Space>
        ) : (
          <Tag>已处理</Tag>
        )
      }
    >
      {appealText && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="创作者申诉" description={appealText} />}
      <Row gutter={16}>
        <Col xs={24} lg={12}><ReviewMedia work={item.work} /></Col>
        <Col xs={24} lg={12}><Metadata item={item} /></Col>
      </Row>
      {rev && (
        <Card size="small" title="修改内容" style={{ marginTop: 16 }}>
          {rev.diff.length ? <RevisionDiff diff={rev.diff} /> : <Empty description="与在售版本相同" />}
        </Card>
      )}
      <Card size="small" title={`相似素材（${item.duplicates.length}）`} style={{ marginTop: 16 }}>
        <DuplicateHits hits={item.duplicates} />
      </Card>
      <Card size="small" title="审核动态" style={{ marginTop: 16 }}>
        <WorkTimeline events={item.events} />
      </Card>
      <SchemaFormModal open={dialog === 'reject'} schemaId="lumen:forms/review-reject" title="驳回" okText="确认驳回" danger onCancel={() => setDialog(null)} onSubmit={(f) => run('reject', f)} />
      <SchemaFormModal open={dialog === 'request-info'} schemaId="lumen:forms/review-info" title="要求补充信息" onCancel={() => setDialog(null)} onSubmit={(f) => run('request-info', f)} />
    </Card>
  );
}
