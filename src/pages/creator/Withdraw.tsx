import { useCustom } from '@refinedev/core';
import { Alert, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { withdrawals } from '../../resources';
import { ResourcePage } from '../../resources/views/ResourcePage';
import type { EarningsSummary as Earnings } from '../../schemas/api/earnings';
import { BRAND_COLORS } from '../../theme';
import { LoadFailed } from '../../components/feedback/LoadFailed';

/** /creator/withdraw — earnings summary (held credits apart: not withdrawable yet) above the generated withdrawals views. */
export default function Withdraw() {
  const { data, isLoading, isError, error, refetch } = useCustom<Earnings>({
    url: `/api/${withdrawals.apiPath}/summary`,
    method: 'get',
    errorNotification: false,
  });
  const e = data?.data;
  const yuan = (c?: number) => ((c ?? 0) / 100).toFixed(2);
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : isError ? (
          <LoadFailed what="收益汇总" error={error} retry={() => void refetch()} />
        ) : (
          <>
            <Row gutter={16}>
              <Col span={5}>
                <Statistic
                  title="可提现收益（元）"
                  value={yuan(Math.max(0, e?.availableCents ?? 0))}
                  valueStyle={{ color: BRAND_COLORS.primary }}
                />
              </Col>
              <Col span={5}>
                <Statistic title="结算中（元）" value={yuan(e?.heldCents)} />
              </Col>
              <Col span={5}>
                <Statistic title="累计收益（元）" value={yuan(e?.earnedCents)} />
              </Col>
              <Col span={5}>
                <Statistic title="提现中（元）" value={yuan(e?.pendingCents)} />
              </Col>
              <Col span={4}>
                <Statistic title="已提现（元）" value={yuan(e?.withdrawnCents)} />
              </Col>
            </Row>
            {(e?.availableCents ?? 0) < 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 12 }}
                message={`有 ¥${yuan(-(e?.availableCents ?? 0))} 已提现的分成因订单退款被扣回，将从之后的收益中先行抵扣`}
              />
            )}
          </>
        )}
      </Card>
      <ResourcePage def={withdrawals} />
    </>
  );
}
