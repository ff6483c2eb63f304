import { useCustom } from '@refinedev/core';
import { Alert, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { withdrawals } from '../../resources';
import { ResourcePage } from '../../resources/views/ResourcePage';

interface Earnings {
  earnedCents: number;
  withdrawnCents: number;
  pendingCents: number;
  availableCents: number;
}

/** /creator/withdraw — earnings summary above the generated withdrawals views. */
export default function Withdraw() {
  const { data, isLoading, isError, error } = useCustom<Earnings>({ url: `/api/${withdrawals.apiPath}/summary`, method: 'get', errorNotification: false });
  const e = data?.data;
  const yuan = (c?: number) => ((c ?? 0) / 100).toFixed(2);
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : isError ? (
          <Alert type="error" showIcon message="收益加载失败" description={error?.message} />
        ) : (
          <Row gutter={16}>
            <Col span={6}><Statistic title="可提现收益（元）" value={yuan(e?.availableCents)} /></Col>
            <Col span={6}><Statistic title="累计收益（元）" value={yuan(e?.earnedCents)} /></Col>
            <Col span={6}><Statistic title="提现中（元）" value={yuan(e?.pendingCents)} /></Col>
            <Col span={6}><Statistic title="已提现（元）" value={yuan(e?.withdrawnCents)} /></Col>
          </Row>
        )}
      </Card>
      <ResourcePage def={withdrawals} />
    </>
  );
}
