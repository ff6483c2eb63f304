import { useState } from 'react';
import { Alert, App, Button, Space, Typography } from 'antd';
import { postJson } from '../../dataProvider/axios';
import { useUser } from '../../components/user/UserContext';

/**
 * Company sub-accounts pay with the company's wallet: within the monthly limit at once, above it
 * the order goes to the company admin's approval inbox (/api/user/sub-accounts/pay).
 */
export function CompanyPay({ orderId, onPaid }: { orderId: number; onPaid: () => void }) {
  const { user } = useUser();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  if (!user?.parentId) return null;
  const pay = async () => {
    setBusy(true);
    try {
      const r = await postJson<{ status: 'paid' | 'approval' }>('/api/user/sub-accounts/pay', { orderId });
      if (r.status === 'paid') onPaid();
      else setWaiting(true);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ marginTop: 24, width: '100%' }} data-testid="company-pay">
      {waiting ? (
        <Alert
          type="info"
          showIcon
          message="超出本月额度，已提交企业管理员审批"
          description="管理员批准后由企业钱包支付，本页会自动显示支付结果。"
        />
      ) : (
        <>
          <Typography.Text>
            您是企业子账号，可使用企业钱包支付（本月额度内直接支付，超出需管理员审批）。
          </Typography.Text>
          <Button type="primary" loading={busy} onClick={pay}>
            使用企业钱包支付
          </Button>
        </>
      )}
    </Space>
  );
}
