import { copyrightServices, protectionServices } from '../../pages/copyright/service-catalogue';
import { ServiceSheet } from '../parts/ServiceSheet';

/** The page of one copyright service from the desktop's catalogue (deposit, registration, DCI, the trace services). */
export const servicePage = (key: keyof typeof copyrightServices) =>
  function MobileServicePage() {
    return <ServiceSheet s={copyrightServices[key]} />;
  };

/** /copyright/web-evidence: the web-page evidence service. */
export const webEvidencePage = () =>
  function MobileWebEvidencePage() {
    return <ServiceSheet s={protectionServices.webEvidence} verify={false} />;
  };
