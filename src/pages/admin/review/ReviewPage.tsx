import { useCallback, useEffect, useState } from 'react';
import { Card, Col, Empty, Result, Row } from 'antd';
import { useUser } from '../../../components/user/UserContext';
import { StaffNav } from '../StaffNav';
import { fetchQueue, type QueueFilter, type QueueItem } from './review-api';
import { ReviewDetail } from './ReviewDetail';
import { itemKey, ReviewQueue } from './ReviewQueue';

/** /admin/review — staff review console: the queue on the left, the selected item on the right. */
export default function ReviewPage() {
  const { user } = useUser();
  const staff = !!user?.roles.includes('staff');
  const [filter, setFilter] = useState<QueueFilter>({ page: 1, pageSize: 20 });
  const [queue, setQueue] = useState<{ list: QueueItem[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<QueueItem | null>(null);

  const load = useCallback(() => {
    setQueue(null);
    setError(null);
    return fetchQueue(filter).then(
      (q) => {
        setQueue(q);
        return q;
      },
      (e: Error) => {
        setError(e.message);
        return null;
      },
    );
  }, [filter]);
  useEffect(() => {
    if (staff) void load();
  }, [staff, load]);

  // A decision leaves its item on screen with what was stored (the reviewer sees it took effect)
  // and refreshes the queue; 审核下一项 then opens the oldest item left.
  const decided = () => void load();
  const next = () => setSelected(queue?.list[0] ?? null);

  if (!staff) return <Result status="403" title="403" subTitle="没有权限：作品审核仅对运营人员开放" />;
  return (
    <div style={{ padding: 16 }}>
      <StaffNav />
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <ReviewQueue
            filter={filter}
            onFilter={setFilter}
            items={queue?.list ?? null}
            total={queue?.total ?? 0}
            error={error}
            onRetry={() => void load()}
            selected={selected && itemKey(selected)}
            onSelect={setSelected}
          />
        </Col>
        <Col xs={24} lg={16}>
          {selected ? (
            <ReviewDetail
              key={itemKey(selected)}
              materialId={selected.material_id}
              revisionId={selected.revision_id}
              onDecided={decided}
              onNext={next}
            />
          ) : (
            <Card>
              <Empty description="从左侧队列选择一项开始审核" />
            </Card>
          )}
        </Col>
      </Row>
    </div>
  );
}
