import { Alert } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { notarizations } from '../../resources';
import { ResourcePage } from '../../resources/views/ResourcePage';
import { QuotaBar } from '../../components/service-orders/QuotaBar';
import { OfficeProgress } from '../../components/service-orders/OfficeProgress';
import { formatDateTime } from '../../resources/views/cells';

/** Below an application's details: the notary's information request and its timeline. */
function Progress({ record }: { record: Record<string, any> }) {
  const req = record.request as { message: string; deadline: string | null } | null;
  const notice =
    Number(record.status) === 2 && req ? (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        message={`公证处要求补充材料：${req.message}${req.deadline ? `（请于 ${formatDateTime(req.deadline)} 前补充）` : ''}`}
        description="请点击上方「补充材料」提交说明，申请将重新交公证处办理。"
      />
    ) : null;
  return (
    <OfficeProgress
      eventsUrl={`/api/protection/notarization/${record.id}/events`}
      notice={notice}
      version={record.status}
    />
  );
}

/** /cyprotect/myjustice — notarization applications: apply with a paid unit, track, supplement, download the certificate. */
export default function MyJustice() {
  const [params] = useSearchParams();
  return (
    <>
      {!params.get('action') && <QuotaBar service="notarization" name="司法公证" sku="notarization_1" />}
      <ResourcePage def={notarizations} showFooter={(record) => <Progress record={record} />} />
    </>
  );
}
