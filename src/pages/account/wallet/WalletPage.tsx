import { useCallback, useEffect, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { Button, Card, DatePicker, Empty, Select, Space, Statistic, Table, Typography } from 'antd';
import { get } from '../../../dataProvider/axios';
import { enumOptions, renderCell } from '../../../resources/views/cells';
import { TopUpDialog } from './TopUpDialog';
import { LoadFailed } from '../../../components/feedback/LoadFailed';

interface WalletTx {
  id: number;
  amountCents: number;
  balanceAfter: number;
  kind: string;
  orderId: number | null;
  note: string;
  createdAt: string;
}
const PAGE_SIZE = 10;

/** /account/wallet: balance, top-up through WeChat Pay / Alipay, and every movement with filters. */
export default function WalletPage() {
  const [balance, setBalance] = useState<number | null>(null);
  const [kind, setKind] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: WalletTx[]; total: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [topUp, setTopUp] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const [info, list] = await Promise.all([
        get<{ balanceCents: number }>('/api/wallet/info'),
        get<{ list: WalletTx[]; total: number }>('/api/wallet/list', {
          page,
          pageSize: PAGE_SIZE,
          kind,
          createdAt_gte: range?.[0]?.startOf('day').toISOString(),
          createdAt_lte: range?.[1]?.endOf('day').toISOString(),
        }),
      ]);
      setBalance(info.balanceCents);
      setData(list);
    } catch (e) {
      setError((e as Error).message || '加载失败');
    } finally {
      setLoading(false);
    }
  }, [page, kind, range]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      <Card title="我的钱包">
        <Space size={48} align="center">
          <Statistic
            title="可用余额（元）"
            value={balance === null ? '-' : (balance / 100).toFixed(2)}
            loading={balance === null && loading}
            data-testid="wallet-balance"
          />
          <Button type="primary" onClick={() => setTopUp(true)}>
            充值
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          余额可用于支付素材订单；充值通过微信支付或支付宝完成，单笔与每日限额以充值页面为准。
        </Typography.Paragraph>
      </Card>
      <Card title="收支明细" style={{ marginTop: 16 }}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="全部类型"
            style={{ width: 160 }}
            value={kind}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
            options={enumOptions('lumen:enums/wallet-kind').map((o) => ({ label: o.label, value: String(o.value) }))}
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => {
              setRange(v as [Dayjs | null, Dayjs | null] | null);
              setPage(1);
            }}
          />
        </Space>
        {error && <LoadFailed what="钱包明细" error={error} retry={() => void load()} />}
        <Table<WalletTx>
          rowKey="id"
          loading={loading}
          dataSource={data?.list ?? []}
          locale={{ emptyText: <Empty description={kind || range ? '没有符合条件的记录' : '暂无收支记录'} /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', render: (v) => renderCell('datetime', v) },
            { title: '类型', dataIndex: 'kind', render: (v) => renderCell('enum:lumen:enums/wallet-kind', v) },
            { title: '说明', dataIndex: 'note' },
            {
              title: '金额（元）',
              dataIndex: 'amountCents',
              align: 'right',
              render: (v: number) => (
                <Typography.Text type={v < 0 ? 'danger' : 'success'}>
                  {v > 0 ? '+' : ''}
                  {(v / 100).toFixed(2)}
                </Typography.Text>
              ),
            },
            {
              title: '余额（元）',
              dataIndex: 'balanceAfter',
              align: 'right',
              render: (v: number) => (v / 100).toFixed(2),
            },
          ]}
        />
      </Card>
      <TopUpDialog open={topUp} onClose={() => setTopUp(false)} onPaid={() => void load()} />
    </>
  );
}
