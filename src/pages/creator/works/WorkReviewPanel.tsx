import { useEffect, useState } from 'react';
import { Alert, Card, Skeleton, Space, Tag, Typography } from 'antd';
import { get } from '../../../dataProvider/axios';
import { RevisionDiff } from '../../../components/review/RevisionDiff';
import { WorkTimeline } from '../../../components/review/WorkTimeline';
import { StatusTag } from '../../../resources/views/cells';
import type { CreatorReview, ReviewNotice } from '../../../schemas/api/review';
import { LoadFailed } from '../../../components/feedback/LoadFailed';

const NOTICE_TITLE: Record<string, string> = {
  reject: '作品审核未通过',
  request_info: '审核员需要您补充信息',
  revision_reject: '作品修改未通过，在售的仍是原版本',
  revision_request_info: '审核员需要您为修改补充信息',
};
const NOTICE_HINT: Record<string, string> = {
  reject: '请按以下原因修改后点击“提交审核”；如有异议，可点击“申诉”。',
  request_info: '请编辑作品补充信息后点击“提交审核”。',
  revision_reject: '您可以重新编辑提交修改；如有异议，可点击“对修改驳回申诉”。',
  revision_request_info: '请编辑作品补充信息，或直接点击“重新提交修改”。',
};

function Notice({ notice }: { notice: ReviewNotice }) {
  const isReject = notice.action.endsWith('reject');
  return (
    <Alert
      type={isReject ? 'error' : 'warning'}
      showIcon
      data-testid="review-notice"
      message={NOTICE_TITLE[notice.action] ?? '审核意见'}
      description={
        <Space direction="vertical" size={4}>
          {notice.reasons.length > 0 && (
            <Space size={[4, 4]} wrap>
              {notice.reasons.map((r) => (
                <Tag key={r.code} color="red">
                  {r.title}
                </Tag>
              ))}
            </Space>
          )}
          {notice.comment && <Typography.Text>审核意见：{notice.comment}</Typography.Text>}
          <Typography.Text type="secondary">{NOTICE_HINT[notice.action]}</Typography.Text>
        </Space>
      }
    />
  );
}

/**
 * Below a work's details: the decision to act on (reasons and comment), the revision under review
 * with its changes, and the timeline. Reloads whenever the work's status or revision changes.
 */
export function WorkReviewPanel({ work }: { work: Record<string, any> }) {
  const [data, setData] = useState<CreatorReview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    get<CreatorReview>(`/api/user/works/${work.id}/review`)
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((e: Error) => setError(e.message));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the work's id, status, revision or title changes (see above)
  }, [work.id, work.status, work.revision_status, work.title]);

  if (error)
    return (
      <div style={{ marginTop: 16 }}>
        <LoadFailed what="审核记录" error={error} retry={() => void load()} />
      </div>
    );
  if (!data) return <Skeleton active style={{ marginTop: 16 }} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', marginTop: 16 }}>
      {data.notice && <Notice notice={data.notice} />}
      {data.revision && (
        <Card
          size="small"
          title={
            <Space>
              修改内容
              <StatusTag table="work-revision" value={data.revision.status} />
            </Space>
          }
          data-testid="pending-revision"
        >
          {data.revision.status === 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message="修改审核中：审核通过前，买家看到和购买的仍是当前在售版本。"
            />
          )}
          <RevisionDiff diff={data.revision.diff} />
        </Card>
      )}
      <Card size="small" title="审核动态">
        <WorkTimeline events={data.events} />
      </Card>
    </Space>
  );
}
