import { useEffect, useState } from 'react';
import { Alert, Card, Space, Timeline, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { ResourceDef } from '../../resources';
import { ResourcePage } from '../../resources/views/ResourcePage';
import type { EditNotice } from '../../resources/views/ResourceForm';
import { BuyServiceButton } from '../../components/service-orders/BuyServiceButton';
import { get } from '../../dataProvider/axios';
import { formatDateTime } from '../../resources/views/cells';

interface Correction { message: string; fields: string[]; deadline: string | null }
const correctionText = (c: Correction) => `登记机构要求补正：${c.message}${c.deadline ? `（请于 ${formatDateTime(c.deadline)} 前修改并重新提交）` : ''}`;

/** The edit form of a registration the authority asked to correct: what to fix, and the named fields marked. */
const correctionNotice: EditNotice = (r) => {
  const c = r.correction as Correction | null;
  if (Number(r.status) !== 3 || !c) return null;
  return { message: correctionText(c), fieldErrors: Object.fromEntries((c.fields ?? []).map((f) => [`/${f}`, '登记机构要求补正此项'])) };
};

/** Below a registration's details: the correction request and the authority's timeline. */
function Progress({ record }: { record: Record<string, any> }) {
  const [events, setEvents] = useState<Array<{ id: number; title: string; message: string; createdAt: string }> | null>(null);
  const apiPath = record.kind === 'dci' ? 'protection/dci' : 'protection/registration';
  useEffect(() => { get<{ list: any[] }>(`/api/${apiPath}/${record.id}/events`).then((r) => setEvents(r.list), () => setEvents([])); }, [apiPath, record.id, record.status]);
  return (
    <Card size="small" title="办理进度" style={{ marginTop: 16 }}>
      {Number(record.status) === 3 && record.correction && <Alert type="warning" showIcon message={correctionText(record.correction)} description="请点击上方「编辑」，按要求修改后提交，申请将重新提交给登记机构。" style={{ marginBottom: 12 }} />}
      {events?.length ? (
        <Timeline items={events.map((e) => ({ children: <><Typography.Text strong>{e.title}</Typography.Text> {e.message && <div>{e.message}</div>}<Typography.Text type="secondary">{formatDateTime(e.createdAt)}</Typography.Text></> }))} />
      ) : <Typography.Text type="secondary">{events ? '尚无进度' : '加载中…'}</Typography.Text>}
    </Card>
  );
}

/** Units left of the registration service, with a buy button (each application spends one). */
function QuotaBar({ service, name }: { service: string; name: string }) {
  const [left, setLeft] = useState<number | null>(null);
  const [params] = useSearchParams();
  useEffect(() => { get<{ list: Array<{ left: number }> }>('/api/service-orders/quota', { service }).then((r) => setLeft(r.list[0]?.left ?? 0), () => setLeft(null)); }, [service, params]);
  return (
    <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Typography.Text type={left === 0 ? 'warning' : 'secondary'} data-testid="registration-quota">
        {left === null ? `每件${name}申请使用一次已购买的服务额度` : `剩余${name}额度：${left} 件${left === 0 ? '，请先购买服务后再提交申请' : ''}`}
      </Typography.Text>
      <BuyServiceButton sku={service === 'dci' ? 'dci_1' : 'registration_1'} label={`购买${name}服务`} />
    </Space>
  );
}

/** /cyprotect/myregister and /cyprotect/mydciregister: the generated views plus quota, progress and corrections. */
export function registrationPage(def: ResourceDef, service: 'registration' | 'dci', name: string) {
  return function RegistrationPage() {
    const [params] = useSearchParams();
    return (
      <>
        {!params.get('action') && <QuotaBar service={service} name={name} />}
        <ResourcePage def={def} editNotice={correctionNotice} showFooter={(record) => <Progress record={record} />} />
      </>
    );
  };
}
