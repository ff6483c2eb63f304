import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Badge, Button, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useUser } from '../user/UserContext';
import { get } from '../../dataProvider/axios';
import { NOTIFICATIONS_CHANGED } from './notifications-events';
import type { UnreadCount } from '../../schemas/api/notification-responses';

// The list is loaded when first opened: the home page does not carry it.
const NotificationPanel = lazy(() => import('./NotificationPanel'));

/** How often the badge asks for the unread count while a page stays open. */
const POLL_MS = 60_000;

/** Header inbox: unread badge for logged-in users, the latest notifications in a popover. */
export default function NotificationBell() {
  const { user } = useUser();
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState(false);
  const refresh = useCallback(async () => {
    if (!user) return setCount(0);
    try {
      setCount((await get<UnreadCount>('/api/notifications/unread-count')).count);
    } catch {
      /* the badge keeps its last value */
    }
  }, [user]);
  useEffect(() => {
    void refresh();
    const timer = window.setInterval(refresh, POLL_MS);
    window.addEventListener(NOTIFICATIONS_CHANGED, refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(NOTIFICATIONS_CHANGED, refresh);
    };
  }, [refresh]);
  if (!user) return null;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title="消息通知"
      destroyTooltipOnHide
      content={
        <Suspense fallback={<Spin size="small" />}>
          <NotificationPanel onNavigate={() => setOpen(false)} />
        </Suspense>
      }
    >
      <Badge count={count} size="small" data-testid="notification-badge">
        <Button type="text" icon={<BellOutlined />} aria-label="消息通知">
          消息
        </Button>
      </Badge>
    </Popover>
  );
}
