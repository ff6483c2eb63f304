import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QuotaBar } from '../../components/service-orders/QuotaBar';
import { CaptureForm } from '../../components/capture/CaptureForm';
import { CaptureList } from '../../components/capture/CaptureList';
import { CaptureResult } from '../../components/capture/CaptureResult';

/** /cyprotect/mywebpage — web-page evidence: new capture (URLs + steps), my captures with progress, results (?id=). */
export default function MyWebpage() {
  const [params, setParams] = useSearchParams();
  const [version, setVersion] = useState(0);
  const id = Number(params.get('id'));
  if (id > 0) return <CaptureResult id={id} onBack={() => setParams({})} />;
  return (
    <>
      <QuotaBar key={version} service="web_evidence" name="网页取证" sku="web_evidence_10" unit="次" />
      <CaptureForm onCreated={() => setVersion((v) => v + 1)} />
      <CaptureList kind="web" version={version} onOpen={(n) => setParams({ id: String(n) })} />
    </>
  );
}
