import { useNavigate, useParams } from 'react-router-dom';
import { CapsuleTabs } from 'antd-mobile';
import { JUSTICE_TYPES, protectionServices } from '../../pages/copyright/service-catalogue';
import { ServiceSheet } from '../parts/ServiceSheet';

/** /copyright/justice/:type? (deposit | registration | webEvidence): notarization of one kind of evidence. */
export default function JusticePage() {
  const { type = 'deposit' } = useParams();
  const navigate = useNavigate();
  const current = JUSTICE_TYPES[type] ? type : 'deposit';
  return (
    <ServiceSheet s={protectionServices.justice} verify={false}>
      <CapsuleTabs activeKey={current} onChange={(k) => navigate(`/copyright/justice/${k}`, { replace: true })}>
        {Object.entries(JUSTICE_TYPES).map(([key, t]) => (
          <CapsuleTabs.Tab key={key} title={t.label} />
        ))}
      </CapsuleTabs>
      <p style={{ fontSize: 14, lineHeight: 1.6 }} data-testid="m-justice-kind">
        {JUSTICE_TYPES[current].text}
      </p>
    </ServiceSheet>
  );
}
