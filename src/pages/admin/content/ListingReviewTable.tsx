import { useState } from 'react';
import { App, Button, Empty, Input, Popconfirm, Space, Table } from 'antd';
import { formatDateTime, formatMoney } from '../../../resources/views/cells';
import { useLoad } from '../../content/use-load';
import { fetchPendingListings, reviewListing } from '../../copyright-trading/copyright-trading-api';
import { rightsText } from '../../copyright-trading/ListingDetail';

/** Staff: copyright listings waiting for review (public only once approved; a refusal needs a reason the seller sees). */
export function ListingReviewTable() {
  const { message } = App.useApp();
  const { data, loading, reload } = useLoad(fetchPendingListings, []);
  const [reason, setReason] = useState('');
  const act = async (id: number, approve: boolean) => {
    try {
      await reviewListing(id, approve, reason);
      message.success(approve ? '已通过，挂牌已公开' : '已驳回');
      setReason('');
      await reload();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Table
      rowKey="id"
      loading={loading}
      dataSource={data ?? []}
      locale={{ emptyText: <Empty description="暂无待审核的版权挂牌" /> }}
      columns={[
        { title: '编号', dataIndex: 'id', width: 70 },
        { title: '作品', dataIndex: 'workName' },
        { title: '权利人', dataIndex: 'sellerName' },
        {
          title: '权属证明',
          key: 'proof',
          render: (_, l) => `${l.proofType === 'deposit' ? '存证' : '版权登记'} #${l.proofId}`,
        },
        { title: '权利', dataIndex: 'rights', render: rightsText },
        { title: '价格', dataIndex: 'priceCents', render: (v) => (v ? formatMoney(v) : '买家出价') },
        { title: '提交时间', dataIndex: 'createdAt', render: formatDateTime },
        {
          title: '操作',
          key: 'op',
          render: (_, l) => (
            <Space>
              <Button size="small" type="primary" onClick={() => act(l.id, true)}>
                通过
              </Button>
              <Popconfirm
                title={
                  <Input.TextArea
                    placeholder="驳回原因（权利人可见）"
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                  />
                }
                okText="驳回"
                onConfirm={() => act(l.id, false)}
              >
                <Button size="small" danger>
                  驳回
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
