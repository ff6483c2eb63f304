import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { App, Modal, Result, Spin, Typography } from 'antd';
import { get, postJson } from '../../../dataProvider/axios';
import { SchemaFormModal } from '../../../components/schema-form/SchemaFormModal';
import { renderCell } from '../../../resources/views/cells';
import type { TopUp, TopUpStarted } from '../../../schemas/api/pay-responses';

const POLL_MS = 2000;

/** Top-up: the amount form (lumen:forms/wallet-topup), then the provider's QR code, polled until the wallet is credited. */
export function TopUpDialog({ open, onClose, onPaid }: { open: boolean; onClose: () => void; onPaid: () => void }) {
  const { message } = App.useApp();
  const [pending, setPending] = useState<(TopUpStarted & { qr: string }) | null>(null);
  const [paid, setPaid] = useState(false);

  useEffect(() => {
    if (!pending || paid) return;
    const t = setInterval(async () => {
      try {
        const s = await get<TopUp>(`/api/wallet/topup/${pending.topupNo}`);
        if (s.status === 'paid') {
          setPaid(true);
          message.success(`已充值 ${renderCell('money', s.amountCents)}`);
          onPaid();
        }
      } catch {
        /* keep polling: a transient error must not end the payment */
      }
    }, POLL_MS);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one poll per pending payment: a new onPaid (an inline arrow) must not restart it
  }, [pending, paid]);

  const close = () => {
    setPending(null);
    setPaid(false);
    onClose();
  };

  return (
    <>
      <SchemaFormModal
        open={open && !pending}
        schemaId="lumen:forms/wallet-topup"
        title="钱包充值"
        okText="去支付"
        onCancel={close}
        onSubmit={async (form) => {
          const r = await postJson<TopUpStarted>('/api/wallet/topup', form);
          setPending({ ...r, qr: await QRCode.toDataURL(r.payUrl, { width: 200, margin: 1 }) });
        }}
      />
      <Modal open={open && !!pending} title="扫码支付" footer={null} onCancel={close} destroyOnClose>
        {pending &&
          (paid ? (
            <Result
              status="success"
              title="充值成功"
              subTitle={`${renderCell('money', pending.amountCents)} 已存入钱包`}
            />
          ) : (
            <div style={{ textAlign: 'center' }} data-testid="topup-qr">
              <Typography.Title level={4}>{renderCell('money', pending.amountCents)}</Typography.Title>
              <img src={pending.qr} alt="支付二维码" width={200} height={200} />
              <Typography.Paragraph type="secondary">
                请使用{pending.providerName}扫码支付，充值单号 {pending.topupNo}
              </Typography.Paragraph>
              <Spin size="small" /> <Typography.Text type="secondary">等待支付结果…</Typography.Text>
              <div>
                <Typography.Link href={pending.payUrl} target="_blank">
                  在沙箱中打开支付页
                </Typography.Link>
              </div>
            </div>
          ))}
      </Modal>
    </>
  );
}
