import { useEffect, useState } from 'react';
import { Space, Typography } from 'antd';
import { get } from '../../dataProvider/axios';
import { BuyServiceButton } from './BuyServiceButton';

/** Units left of one service (each application spends one), with a button buying its package. */
export function QuotaBar({
  service,
  name,
  sku,
  unit = '件',
}: {
  service: string;
  name: string;
  sku: string;
  unit?: string;
}) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    get<{ list: Array<{ left: number }> }>('/api/service-orders/quota', { service }).then(
      (r) => setLeft(r.list[0]?.left ?? 0),
      () => setLeft(null),
    );
  }, [service]);
  return (
    <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Typography.Text type={left === 0 ? 'warning' : 'secondary'} data-testid="service-quota">
        {left === null
          ? `每件${name}申请使用一次已购买的服务额度`
          : `剩余${name}额度：${left} ${unit}${left === 0 ? '，请先购买服务后再提交申请' : ''}`}
      </Typography.Text>
      <BuyServiceButton sku={sku} label={`购买${name}服务`} />
    </Space>
  );
}
