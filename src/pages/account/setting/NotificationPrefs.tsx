import { useEffect, useState } from 'react';
import { App, Card, Skeleton } from 'antd';
import { get, request } from '../../../dataProvider/axios';
import { SchemaFormBody } from '../../../components/schema-form/SchemaFormModal';
import { LoadFailed } from '../../../components/feedback/LoadFailed';

/** 通知设置 on /account/setting: which kinds of notification arrive in the inbox (lumen:forms/notification-prefs). */
export function NotificationPrefs() {
  const { message } = App.useApp();
  const [prefs, setPrefs] = useState<{ kinds: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => {
    setError(null);
    get<{ kinds: string[] }>('/api/user/notification-prefs').then(setPrefs, (e: Error) =>
      setError(e.message || '加载失败'),
    );
  };
  useEffect(load, []);
  return (
    <Card title="通知设置" style={{ marginTop: 16 }} data-testid="notification-prefs">
      {error ? (
        <LoadFailed what="通知设置" error={error} retry={load} />
      ) : !prefs ? (
        <Skeleton active />
      ) : (
        <SchemaFormBody
          schemaId="lumen:forms/notification-prefs"
          okText="保存通知设置"
          initialData={prefs}
          onSubmit={async (form) => {
            await request('PUT', '/api/user/notification-prefs', form, { json: true });
            message.success('通知设置已保存');
          }}
        />
      )}
    </Card>
  );
}
