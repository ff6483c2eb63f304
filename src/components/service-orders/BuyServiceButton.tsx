import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Typography, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { SchemaFormModal } from '../schema-form/SchemaFormModal';
import { postJson } from '../../dataProvider/axios';
import { formatMoney } from '../licence/money';
import { ensureLogin } from '../licence/ensure-login';

interface Quote {
  quantity: number;
  subtotalCents: number;
  discountCents: number;
  amountCents: number;
  service: { unit: string };
}

/** The server's price of the package being chosen (re-asked when the package or count changes). */
function QuoteLine({ sku, count }: { sku?: string; count?: number }) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setQuote(null);
    setError(null);
    if (!sku) return;
    let live = true;
    postJson<Quote>('/api/service-orders/quote', { sku, count: count ?? 1 }).then(
      (q) => live && setQuote(q),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [sku, count]);
  if (error) return <Alert type="warning" showIcon message={error} style={{ marginBottom: 12 }} />;
  if (!quote) return null;
  return (
    <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
      <Descriptions.Item label="服务额度">
        {quote.quantity} {quote.service.unit}
      </Descriptions.Item>
      <Descriptions.Item label="应付金额">
        <Typography.Text strong type="danger" data-testid="service-quote">
          {formatMoney(quote.amountCents)}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * Buys a copyright-service package: the lumen:forms/service-order dialog (the server validates the
 * same schema), the server's price, then the order is paid on the shared cashier page /pay.
 */
export function BuyServiceButton({
  sku,
  label = '购买服务',
  ...button
}: { sku?: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const start = async () => {
    if (await ensureLogin()) setOpen(true);
  };
  return (
    <>
      <Button type="primary" {...button} onClick={start}>
        {label}
      </Button>
      <SchemaFormModal
        open={open}
        schemaId="lumen:forms/service-order"
        title="购买版权服务"
        okText="去支付"
        initialData={{ count: 1, ...(sku ? { sku } : {}) }}
        extra={(d) => <QuoteLine sku={d.sku} count={d.count} />}
        onCancel={() => setOpen(false)}
        onSubmit={async (data) => {
          const o = await postJson<{ id: number }>('/api/service-orders', data);
          setOpen(false);
          navigate(`/pay?orderId=${o.id}`);
        }}
      />
    </>
  );
}
