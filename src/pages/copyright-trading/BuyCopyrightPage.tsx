import { useState } from 'react';
import {
  Button,
  Card,
  Col,
  Empty,
  Input,
  InputNumber,
  Pagination,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { enumLabel, enumOptions } from '../../schemas/registry';
import { useSchemas } from '../../hooks/use-schema';
import { useUser } from '../../components/user/UserContext';
import { formatDateTime, formatMoney } from '../../resources/views/cells';
import { useLoad } from '../content/use-load';
import { fetchMarket, fetchMine } from './copyright-trading-api';
import { DealActions, DealStatusTag } from './DealActions';
import { ListingDetail, rightsText } from './ListingDetail';
import { BRAND_COLORS } from '../../theme';

const PAGE_SIZE = 12;

function MyPurchases({ version }: { version: number }) {
  const { data, reload } = useLoad(fetchMine, [version]);
  if (!data?.purchases.length) return null;
  return (
    <Card title="我的购买" data-testid="my-purchases">
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data.purchases}
        columns={[
          { title: '作品', dataIndex: 'workName' },
          { title: '权利人', dataIndex: 'sellerName' },
          { title: '价格', dataIndex: 'priceCents', render: formatMoney },
          { title: '状态', key: 's', render: (_, d) => <DealStatusTag d={d} /> },
          {
            title: '操作',
            key: 'op',
            render: (_, d) => <DealActions d={d} role="buyer" onDone={() => void reload()} />,
          },
        ]}
      />
    </Card>
  );
}

/** /cytransfer/buycopyright: the public copyright market with filters, detail with proofs, buy or offer; the buyer's deals. */
export default function BuyCopyrightPage() {
  useSchemas(['lumen:enums/right', 'lumen:enums/work-category']);
  const { user } = useUser();
  const [filters, setFilters] = useState<Record<string, any>>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const { data, loading } = useLoad(
    () => fetchMarket({ ...filters, page, pageSize: PAGE_SIZE }),
    [JSON.stringify(filters), page, version],
  );
  const set = (k: string, v: unknown) => {
    setPage(1);
    setFilters((f) => ({ ...f, [k]: v === '' || v == null ? undefined : v }));
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="版权市场">
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search placeholder="作品名称" allowClear onSearch={(v) => set('keyword', v)} style={{ width: 200 }} />
          <Select
            aria-label="作品类别"
            placeholder="作品类别"
            allowClear
            style={{ width: 140 }}
            options={enumOptions('lumen:enums/work-category')}
            onChange={(v) => set('workCategory', v)}
          />
          <Select
            aria-label="权利"
            placeholder="权利"
            allowClear
            style={{ width: 160 }}
            options={enumOptions('lumen:enums/right')}
            onChange={(v) => set('right', v)}
          />
          <Select
            aria-label="交易方式"
            placeholder="交易方式"
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'transfer', label: '转让' },
              { value: 'licence', label: '许可' },
            ]}
            onChange={(v) => set('mode', v)}
          />
          <InputNumber
            placeholder="最低价（元）"
            min={0}
            onChange={(v) => set('minPrice', v == null ? undefined : Math.round(Number(v) * 100))}
          />
          <InputNumber
            placeholder="最高价（元）"
            min={0}
            onChange={(v) => set('maxPrice', v == null ? undefined : Math.round(Number(v) * 100))}
          />
        </Space>
        {!loading && !data?.list.length ? (
          <Empty description="暂无在售版权" />
        ) : (
          <Row gutter={[16, 16]} data-testid="market">
            {(data?.list ?? []).map((l) => (
              <Col key={l.id} xs={24} sm={12} lg={8}>
                <Card hoverable onClick={() => setOpen(l.id)} size="small" style={{ height: '100%' }}>
                  <Typography.Title level={5} style={{ marginTop: 0 }}>
                    {l.workName}
                  </Typography.Title>
                  <Space wrap size={4}>
                    <Tag color="blue">{l.mode === 'licence' ? '许可' : '转让'}</Tag>
                    {l.exclusive && <Tag>独占</Tag>}
                    <Tag>{l.proofType === 'deposit' ? enumLabel('lumen:status/evidence-deposit', 1) : '已登记'}</Tag>
                  </Space>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '8px 0' }}>
                    {rightsText(l.rights)}
                  </Typography.Paragraph>
                  <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                    <Typography.Text strong style={{ color: BRAND_COLORS.danger }}>
                      {l.priceCents ? formatMoney(l.priceCents) : '买家出价'}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {l.sellerName} · {formatDateTime(l.createdAt).slice(0, 10)}
                    </Typography.Text>
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        )}
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={PAGE_SIZE}
          total={data?.total ?? 0}
          onChange={setPage}
          hideOnSinglePage
        />
      </Card>
      {user && <MyPurchases version={version} />}
      {user && (
        <Button type="link" href="/cytransfer/publishcopyright">
          我有版权要出售
        </Button>
      )}
      {open !== null && (
        <ListingDetail
          id={open}
          onClose={() => setOpen(null)}
          onDeal={() => {
            setOpen(null);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </Space>
  );
}
