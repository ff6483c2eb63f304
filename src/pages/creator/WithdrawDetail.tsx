import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Timeline, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { withdrawals } from '../../resources';
import { formatDateTime, formatMoney, renderCell, StatusTag } from '../../resources/views/cells';
import type { WithdrawalEvent } from '../../schemas/api/earnings';
import type { WithdrawalRecord } from '../../schemas/api/withdrawal-responses';
import type { RequestError } from '../../dataProvider/axios';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const ACTOR: Record<WithdrawalEvent['actorRole'], string> = { creator: '您', staff: '平台运营', system: '系统' };
/** Timeline dot colour per step (antd Timeline colours). */
const DOT: Record<WithdrawalEvent['action'], string> = {
  requested: 'blue',
  approved: 'blue',
  paid: 'green',
  payout_failed: 'orange',
  rejected: 'red',
  cancelled: 'gray',
};

/** /creator/withdraw/detail?id= — one withdrawal: amount, account, status (with the reason of a refusal) and its history. */
export default function WithdrawDetail() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = /^[1-9][0-9]{0,15}$/.test(id);
  const base = `/api/${withdrawals.apiPath}/${id}`;
  const record = useCustom<WithdrawalRecord>({
    url: base,
    method: 'get',
    errorNotification: false,
    queryOptions: { enabled: valid, retry: false },
  });
  const events = useCustom<{ list: WithdrawalEvent[] }>({
    url: `${base}/events`,
    method: 'get',
    errorNotification: false,
    queryOptions: { enabled: valid, retry: false },
  });
  const back = (
    <Link to={withdrawals.listPath}>
      <Button>返回提现列表</Button>
    </Link>
  );

  if (!valid)
    return <Result status="404" title="提现记录不存在" subTitle="链接缺少或带有错误的提现编号" extra={back} />;
  if (record.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (record.isError) {
    const missing = (record.error as unknown as RequestError)?.code === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? '提现记录不存在' : '加载失败'}
        subTitle={record.error?.message}
        extra={back}
      />
    );
  }
  const w = record.data!.data;
  return (
    <Card title={`提现详情 #${w.id}`} extra={back}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {w.status === 2 && w.reject_reason && (
          <Alert
            type="error"
            showIcon
            message="提现申请已被驳回，金额已退回可提现收益"
            description={`驳回原因：${w.reject_reason}`}
            data-testid="reject-reason"
          />
        )}
        {w.status === 4 && <Alert type="info" showIcon message="运营已审核通过，正在向您的收款账户转账" />}
        <Descriptions bordered column={2} size="middle">
          <Descriptions.Item label="提现金额">
            <Typography.Text strong>{formatMoney(w.amount_cents)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="状态">
            <StatusTag table="withdrawal" value={w.status} />
          </Descriptions.Item>
          <Descriptions.Item label="收款方式">{w.channel === 'alipay' ? '支付宝' : '银行卡'}</Descriptions.Item>
          <Descriptions.Item label="收款人">{w.account_name}</Descriptions.Item>
          <Descriptions.Item label="收款账号">{w.account_no}</Descriptions.Item>
          <Descriptions.Item label="开户银行">{w.bankName || '-'}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{formatDateTime(w.created_at)}</Descriptions.Item>
          <Descriptions.Item label="打款时间">{formatDateTime(w.paid_at)}</Descriptions.Item>
          {w.payout_id && (
            <Descriptions.Item label="转账流水号" span={2}>
              {w.payout_id}
            </Descriptions.Item>
          )}
        </Descriptions>
        <Card type="inner" title="处理记录" size="small">
          {events.isError ? (
            <LoadFailed what="处理记录" error={events.error} retry={() => void events.refetch()} />
          ) : (
            <Timeline
              data-testid="withdrawal-history"
              items={(events.data?.data.list ?? []).map((e) => ({
                color: DOT[e.action],
                children: (
                  <>
                    <Typography.Text strong>
                      {renderCell('enum:lumen:enums/withdrawal-event', e.action)}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                      {ACTOR[e.actorRole]} · {formatDateTime(e.createdAt)}
                    </Typography.Text>
                    {e.note && <div>{e.action === 'rejected' ? `原因：${e.note}` : e.note}</div>}
                  </>
                ),
              }))}
            />
          )}
        </Card>
      </Space>
    </Card>
  );
}
