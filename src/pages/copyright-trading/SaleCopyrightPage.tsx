import { Link } from 'react-router-dom';
import { Button, Card, Empty, Space, Table } from 'antd';
import { formatDateTime, formatMoney, StatusTag } from '../../resources/views/cells';
import { useLoad } from '../content/use-load';
import { fetchMine, type Listing } from './copyright-trading-api';
import { DealActions, DealStatusTag } from './DealActions';
import { rightsText } from './ListingDetail';

/** /cytransfer/salecopyright: the seller's listings, offers and deals (accept, sign, contract, completed transfers). */
export default function SaleCopyrightPage() {
  const { data, loading, reload } = useLoad(fetchMine, []);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="我的挂牌"
        extra={
          <Link to="/cytransfer/publishcopyright">
            <Button type="primary">发布版权</Button>
          </Link>
        }
      >
        <Table
          rowKey="id"
          size="small"
          loading={loading}
          pagination={false}
          dataSource={data?.listings ?? []}
          locale={{ emptyText: <Empty description="暂无挂牌" /> }}
          columns={[
            { title: '作品', dataIndex: 'workName' },
            { title: '权利', dataIndex: 'rights', render: rightsText },
            { title: '价格', dataIndex: 'priceCents', render: (v) => (v ? formatMoney(v) : '买家出价') },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: Listing['status'], l) => (
                <Space>
                  <StatusTag table="copyright-listing" value={s} />
                  {l.rejectReason}
                </Space>
              ),
            },
            { title: '提交时间', dataIndex: 'createdAt', render: formatDateTime },
          ]}
        />
      </Card>
      <Card title="出价与成交" data-testid="my-sales">
        <Table
          rowKey="id"
          size="small"
          loading={loading}
          pagination={false}
          dataSource={data?.sales ?? []}
          locale={{ emptyText: <Empty description="暂无出价或交易" /> }}
          columns={[
            { title: '作品', dataIndex: 'workName' },
            { title: '买家', dataIndex: 'buyerName' },
            { title: '价格', dataIndex: 'priceCents', render: formatMoney },
            { title: '留言', dataIndex: 'message' },
            { title: '状态', key: 's', render: (_, d) => <DealStatusTag d={d} /> },
            {
              title: '操作',
              key: 'op',
              render: (_, d) => <DealActions d={d} role="seller" onDone={() => void reload()} />,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
