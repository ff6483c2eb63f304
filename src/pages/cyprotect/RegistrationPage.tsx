import { Alert } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { ResourceDef } from '../../resources';
import { ResourcePage } from '../../resources/views/ResourcePage';
import type { EditNotice } from '../../resources/views/ResourceForm';
import { QuotaBar } from '../../components/service-orders/QuotaBar';
import { OfficeProgress } from '../../components/service-orders/OfficeProgress';
import { formatDateTime } from '../../resources/views/cells';

interface Correction {
  message: string;
  fields: string[];
  deadline: string | null;
}
const correctionText = (c: Correction) =>
  `登记机构要求补正：${c.message}${c.deadline ? `（请于 ${formatDateTime(c.deadline)} 前修改并重新提交）` : ''}`;

/** The edit form of a registration the authority asked to correct: what to fix, and the named fields marked. */
const correctionNotice: EditNotice = (r) => {
  const c = r.correction as Correction | null;
  if (Number(r.status) !== 3 || !c) return null;
  return {
    message: correctionText(c),
    fieldErrors: Object.fromEntries((c.fields ?? []).map((f) => [`/${f}`, '登记机构要求补正此项'])),
  };
};

/** Below a registration's details: the correction request and the authority's timeline. */
function Progress({ record }: { record: Record<string, any> }) {
  const apiPath = record.kind === 'dci' ? 'protection/dci' : 'protection/registration';
  const notice =
    Number(record.status) === 3 && record.correction ? (
      <Alert
        type="warning"
        showIcon
        message={correctionText(record.correction)}
        description="请点击上方「编辑」，按要求修改后提交，申请将重新提交给登记机构。"
        style={{ marginBottom: 12 }}
      />
    ) : null;
  return <OfficeProgress eventsUrl={`/api/${apiPath}/${record.id}/events`} notice={notice} version={record.status} />;
}

/** /cyprotect/myregister and /cyprotect/mydciregister: the generated views plus quota, progress and corrections. */
export function registrationPage(def: ResourceDef, service: 'registration' | 'dci', name: string) {
  return function RegistrationPage() {
    const [params] = useSearchParams();
    return (
      <>
        {!params.get('action') && (
          <QuotaBar service={service} name={name} sku={service === 'dci' ? 'dci_1' : 'registration_1'} />
        )}
        <ResourcePage def={def} editNotice={correctionNotice} showFooter={(record) => <Progress record={record} />} />
      </>
    );
  };
}
