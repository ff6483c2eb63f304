import { useState } from 'react';
import { Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { ListCard } from '../../../components/licence/ListCard';
import { formatMoney } from '../../../components/licence/money';
import { enumOptions, statusColor, statusLabel } from '../../../schemas';

/** Coupon status table (spec §4) from the schema registry. */
const TABLE = 'lumen:status/coupon';

interface Coupon {
  id: number;
  name: string;
  amountCents: number;
  thresholdCents: number;
  status: number;
  validFrom: string;
  expiresAt: string;
}

/** /account/coupon: my coupons by status. */
export default function CouponPage() {
  const [status, setStatus] = useState('all');
  return (
    <>
      <Tabs
        activeKey={status}
        onChange={setStatus}
        items={[
          { key: 'all', label: '全部' },
          ...enumOptions(TABLE).map((o) => ({ key: String(o.value), label: o.label })),
        ]}
      />
      <ListCard<Coupon>
        key={status}
        title="优惠券"
        apiPath="discount"
        filters={status === 'all' ? [] : [{ field: 'status', operator: 'eq', value: status }]}
        empty="暂无优惠券"
        columns={[
          { title: '名称', dataIndex: 'name' },
          {
            title: '面额',
            dataIndex: 'amountCents',
            render: (a) => <Typography.Text type="danger">{formatMoney(a)}</Typography.Text>,
          },
          { title: '使用条件', dataIndex: 'thresholdCents', render: (t) => (t ? `满${formatMoney(t)}可用` : '无门槛') },
          {
            title: '有效期',
            key: 'valid',
            render: (_, c) =>
              `${dayjs(c.validFrom).format('YYYY-MM-DD')} 至 ${dayjs(c.expiresAt).format('YYYY-MM-DD')}`,
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s) => <Tag color={statusColor(TABLE, s)}>{statusLabel(TABLE, s)}</Tag>,
          },
        ]}
      />
    </>
  );
}
