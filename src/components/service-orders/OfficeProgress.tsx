import { useEffect, useState, type ReactNode } from 'react';
import { Card, Timeline, Typography } from 'antd';
import { get } from '../../dataProvider/axios';
import { formatDateTime } from '../../resources/views/cells';

/** An application's timeline at an outside office (copyright authority, notary), with what it asks now. */
export function OfficeProgress({
  eventsUrl,
  notice,
  version,
}: {
  eventsUrl: string;
  notice?: ReactNode;
  version?: unknown;
}) {
  const [events, setEvents] = useState<Array<{ id: number; title: string; message: string; createdAt: string }> | null>(
    null,
  );
  useEffect(() => {
    get<{ list: any[] }>(eventsUrl).then(
      (r) => setEvents(r.list),
      () => setEvents([]),
    );
  }, [eventsUrl, version]);
  return (
    <Card size="small" title="办理进度" style={{ marginTop: 16 }}>
      {notice}
      {events?.length ? (
        <Timeline
          items={events.map((e) => ({
            children: (
              <>
                <Typography.Text strong>{e.title}</Typography.Text>
                {e.message && <div>{e.message}</div>}
                <Typography.Text type="secondary">{formatDateTime(e.createdAt)}</Typography.Text>
              </>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">{events ? '尚无进度' : '加载中…'}</Typography.Text>
      )}
    </Card>
  );
}
