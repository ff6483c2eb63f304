import { InviteLanding } from './InvitePage';

/** /invite/company — 企业邀请. */
export default function InviteCompanyPage() {
  return <InviteLanding company />;
}
