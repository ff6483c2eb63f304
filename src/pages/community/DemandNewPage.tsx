import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Card, Typography } from 'antd';
import { SchemaFormBody } from '../../components/schema-form/SchemaFormModal';
import { useUser } from '../../components/user/UserContext';
import { formatMoney } from '../../resources/views/cells';
import { postDemand } from './community-api';
import { CommunityPage } from './CommunityNav';

/** A request key per visit of the form: a resent submission posts (and escrows) once. */
const newRequestKey = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;

/** /community/demands/new: free demand posting (lumen:forms/community-demand); a bounty is escrowed from the wallet. */
export default function DemandNewPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { user, refresh } = useUser();
  const requestKey = useMemo(newRequestKey, []);
  return (
    <CommunityPage>
      <Card title="免费发布需求">
        <Typography.Paragraph type="secondary">
          发布需求免费。悬赏模式发布时从钱包托管赏金（当前余额 {formatMoney(user?.balanceCents ?? 0)}
          ），竞标模式在选中创作者时托管其报价；
          交付并经您验收后款项才支付给创作者，交付的作品按所选授权场景授权给您。有争议可申请平台仲裁。
        </Typography.Paragraph>
        <div data-testid="demand-form">
          <SchemaFormBody
            schemaId="lumen:forms/community-demand"
            okText="发布需求"
            initialData={{ requestKey }}
            onSubmit={async (form) => {
              const r = await postDemand({ ...form, requestKey });
              message.success(form.mode === 'bounty' ? '需求已发布，赏金已由平台托管' : '需求已发布');
              await refresh();
              navigate(`/community/demands/${r.id}`);
            }}
          />
        </div>
      </Card>
    </CommunityPage>
  );
}
