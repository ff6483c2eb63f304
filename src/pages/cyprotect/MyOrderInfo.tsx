import { useEffect, useState } from 'react';
import { Card, Empty, Space, Statistic, Table, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { serviceOrders } from '../../resources';
import { ResourcePage } from '../../resources/views/ResourcePage';
import { BuyServiceButton } from '../../components/service-orders/BuyServiceButton';
import { get } from '../../dataProvider/axios';
import { formatDateTime } from '../../resources/views/cells';
import type { FromSchema } from '../../schemas/api/from-schema';
import type { ServiceCatalogueBody, serviceQuotaSchema } from '../../schemas/api/service-order-responses';

type QuotaRow = FromSchema<typeof serviceQuotaSchema>['list'][number];
type Catalogue = ServiceCatalogueBody;

/** Units left per service over the user's usable orders. */
function QuotaSummary({ catalogue }: { catalogue: Catalogue | null }) {
  const [rows, setRows] = useState<QuotaRow[] | null>(null);
  useEffect(() => {
    get<{ list: QuotaRow[] }>('/api/service-orders/quota').then(
      (r) => setRows(r.list),
      () => setRows([]),
    );
  }, []);
  if (!rows?.length) return null;
  const def = (code: string) => catalogue?.services.find((s) => s.code === code);
  return (
    <Card size="small" title="可用额度" style={{ marginBottom: 16 }}>
      <Space size="large" wrap>
        {rows.map((r) => (
          <Statistic
            key={r.service}
            title={def(r.service)?.name ?? r.service}
            value={r.left}
            suffix={`/ ${r.total} ${def(r.service)?.unit ?? ''}`}
          />
        ))}
      </Space>
    </Card>
  );
}

/** What a unit paid for, in words: 'registration:12' -> 登记申请 #12. */
const USE_KINDS: Record<string, string> = {
  registration: '登记申请',
  notarization: '公证申请',
  deposit: '存证',
  capture: '取证',
};
function usageLabel(ref: string): string {
  const [kind, id] = ref.split(':');
  return USE_KINDS[kind] && id ? `${USE_KINDS[kind]} #${id}` : ref;
}

/** Below a service order's details: where its records are, and every unit used. */
function UsesFooter(record: Record<string, any>) {
  const uses = (record.uses ?? []) as Array<{
    id: number;
    ref: string;
    quantity: number;
    releasedAt: string | null;
    createdAt: string;
  }>;
  return (
    <Card
      size="small"
      title="额度使用记录"
      style={{ marginTop: 16 }}
      extra={
        record.recordsPath && record.status !== 'pending' && record.status !== 'closed' ? (
          <Link to={record.recordsPath}>查看{record.serviceName}记录</Link>
        ) : null
      }
    >
      {uses.length ? (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={uses}
          columns={[
            { title: '用途', dataIndex: 'ref', render: (v: string) => usageLabel(v) },
            { title: '数量', dataIndex: 'quantity', width: 80 },
            { title: '时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            { title: '状态', dataIndex: 'releasedAt', render: (v: string | null) => (v ? '已退回额度' : '已使用') },
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未使用" />
      )}
    </Card>
  );
}

/** /cyprotect/myorderinfo — copyright-service orders: generated list/detail, quotas, and buying a package. */
export default function MyOrderInfo() {
  const [params] = useSearchParams();
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  useEffect(() => {
    get<Catalogue>('/api/service-orders/catalogue').then(setCatalogue, () => setCatalogue(null));
  }, []);
  // ?buy=<service> (from a service page or a "额度不足" answer) opens the dialog on that service's first package.
  const wanted = params.get('buy');
  const sku = wanted ? catalogue?.packages.find((p) => p.service === wanted)?.sku : undefined;
  const listing = !params.get('action');
  return (
    <>
      {listing && (
        <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary">
            存证、登记、监测、取证、公证等版权服务均在此购买与查看，付款与素材订单共用收银台。
          </Typography.Text>
          {/* With ?buy=, the button waits for the catalogue so the dialog opens on that service's package. */}
          {(!wanted || catalogue) && <BuyServiceButton key={sku ?? 'any'} sku={sku} />}
        </Space>
      )}
      {listing && <QuotaSummary catalogue={catalogue} />}
      <ResourcePage def={serviceOrders} showFooter={UsesFooter} />
    </>
  );
}
