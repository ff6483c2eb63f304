import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, List, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { get, postJson } from '../../dataProvider/axios';
import { formatDateTime } from '../../resources/views/cells';
import { notifyNotificationsChanged } from './notifications-events';
import type { InboxNotification, NotificationList } from '../../schemas/api/notification-responses';
import { LoadFailed } from '../feedback/LoadFailed';

type Notice = InboxNotification;

/** The latest notifications (GET /api/notifications/list); a click marks one read and opens its link. */
export default function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const navigate = useNavigate();
  const [list, setList] = useState<Notice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    get<NotificationList>('/api/notifications/list', { pageSize: 8 }).then(
      (r) => setList(r.list),
      (e: Error) => setError(e.message),
    );
  }, []);
  useEffect(load, [load]);

  const open = async (n: Notice) => {
    if (!n.read) {
      await postJson(`/api/notifications/${n.id}/read`).catch(() => undefined);
      notifyNotificationsChanged();
    }
    if (n.link) {
      onNavigate();
      navigate(n.link);
    } else load();
  };
  const readAll = async () => {
    await postJson('/api/notifications/read-all');
    notifyNotificationsChanged();
    load();
  };

  if (error) return <LoadFailed what="通知" error={error} retry={load} />;
  if (!list)
    return (
      <div style={{ width: 320 }}>
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" style={{ width: 320 }} />;
  return (
    <div style={{ width: 340 }} data-testid="notification-panel">
      <List
        size="small"
        dataSource={list}
        renderItem={(n) => (
          <List.Item onClick={() => open(n)} style={{ cursor: 'pointer', opacity: n.read ? 0.6 : 1 }}>
            <List.Item.Meta
              title={<Typography.Text strong={!n.read}>{n.title}</Typography.Text>}
              description={
                <>
                  <div>{n.body}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(n.createdAt)}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
      <Button type="link" size="small" onClick={readAll} style={{ float: 'right' }}>
        全部标为已读
      </Button>
    </div>
  );
}
