import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { App, Button, Card, Empty, Result, Table, Tabs, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { SchemaFormBody } from '../../components/schema-form/SchemaFormModal';
import { formatDateTime, formatMoney, StatusTag } from '../../resources/views/cells';
import { useSchemas } from '../../hooks/use-schema';
import { getToken } from '../../lib/token';
import { ensureLogin } from '../../components/licence/ensure-login';
import { buyGiftCards, formatCode, listBoughtCards, redeemGiftCard, type BoughtCard } from './gift-api';
import { LoadFailed } from '../../components/feedback/LoadFailed';

/** 购买: the lumen:forms/gift-card-buy form, then the shared cashier pays the order. */
function BuyTab() {
  const navigate = useNavigate();
  return (
    <SchemaFormBody
      schemaId="lumen:forms/gift-card-buy"
      okText="去支付"
      initialData={{ amount: 100, count: 1 }}
      extra={(d) =>
        d.amount && d.count ? (
          <Typography.Paragraph strong>
            应付：{formatMoney(Number(d.amount) * 100 * Number(d.count))}
          </Typography.Paragraph>
        ) : null
      }
      onSubmit={async (form) => {
        if (!(await ensureLogin())) return;
        const o = await buyGiftCards(form);
        navigate(`/pay?orderId=${o.id}`);
      }}
    />
  );
}

/** 兑换: a code into the wallet. */
function RedeemTab() {
  const [done, setDone] = useState<{ amountCents: number; balanceCents: number } | null>(null);
  const navigate = useNavigate();
  if (done)
    return (
      <Result
        status="success"
        title={`兑换成功，${formatMoney(done.amountCents)} 已存入钱包`}
        subTitle={`当前钱包余额 ${formatMoney(done.balanceCents)}`}
        extra={[
          <Button key="w" type="primary" onClick={() => navigate('/account/wallet')}>
            查看钱包
          </Button>,
          <Button key="again" onClick={() => setDone(null)}>
            继续兑换
          </Button>,
        ]}
      />
    );
  return (
    <SchemaFormBody
      schemaId="lumen:forms/gift-card-redeem"
      okText="立即兑换"
      onSubmit={async (form) => {
        if (!(await ensureLogin())) return;
        setDone(await redeemGiftCard(form));
      }}
    />
  );
}

/** 我购买的: bought cards with their codes once paid, to pass on to the recipient. */
function MineTab() {
  useSchemas(['lumen:status/gift-card']);
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: BoughtCard[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    setError(null);
    setData(null);
    try {
      setData(await listBoughtCards(page));
    } catch (e) {
      setError((e as Error).message || '加载失败');
    }
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);
  if (error) return <LoadFailed what="礼品卡" error={error} retry={() => void load()} />;
  return (
    <Table<BoughtCard>
      rowKey="id"
      loading={!data}
      dataSource={data?.list ?? []}
      // Columns as wide as their content, scrolling sideways when narrow: squeezed, 收礼人 broke one
      // character per line and a code over two lines.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description="还没有购买礼品卡" /> }}
      pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      columns={[
        { title: '面额', dataIndex: 'amount_cents', render: (v) => formatMoney(v) },
        {
          title: '卡密',
          dataIndex: 'code',
          render: (v) =>
            v ? (
              <Typography.Text copyable={{ text: v, onCopy: () => message.success('卡密已复制') }} code>
                {formatCode(v)}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">支付后生成</Typography.Text>
            ),
        },
        { title: '收礼人', dataIndex: 'recipient_name' },
        { title: '祝福语', dataIndex: 'message', ellipsis: true },
        { title: '状态', dataIndex: 'status', render: (v) => <StatusTag table="gift-card" value={v} /> },
        { title: '有效期至', dataIndex: 'expires_at', render: (v) => (v ? formatDateTime(v) : '-') },
        { title: '订单号', dataIndex: 'order_no' },
      ]}
    />
  );
}

/** /gift — 礼品卡: buy cards for someone else, redeem a card into the wallet, see the cards bought. */
export default function GiftCardPage() {
  const [params, setParams] = useSearchParams();
  const signedIn = !!getToken();
  const tab = params.get('tab') ?? 'buy';
  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: '24px 16px' }} data-testid="gift-page">
      <Card style={{ background: 'linear-gradient(135deg, #fff7e6, #fff1f0)', marginBottom: 16 }}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          <GiftOutlined /> 流明素材礼品卡
        </Typography.Title>
        <Typography.Paragraph style={{ maxWidth: 640 }}>
          送给创作伙伴的正版素材基金：礼品卡兑换后存入钱包余额，可用于购买视频、图片、模板授权和版权服务。每张卡密只能兑换一次。
        </Typography.Paragraph>
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams({ tab: k })}
          items={[
            { key: 'buy', label: '购买礼品卡', children: <BuyTab /> },
            { key: 'redeem', label: '兑换礼品卡', children: <RedeemTab /> },
            {
              key: 'mine',
              label: '我购买的礼品卡',
              children: signedIn ? (
                <MineTab />
              ) : (
                <Empty description="登录后查看已购买的礼品卡">
                  <Button type="primary" onClick={() => void ensureLogin()}>
                    登录
                  </Button>
                </Empty>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
