import { lazy, Suspense, useState } from 'react';
import { useCustom, type CrudFilters } from '@refinedev/core';
import { Alert, Card, Col, Row, Skeleton, Space, Statistic } from 'antd';
import { sales } from '../../../resources';
import { ResourceList } from '../../../resources/views/ResourceList';
import { filtersToParams } from '../../../dataProvider';
import type { RevenueShareRule, SalesSummary } from '../../../schemas/api/earnings';
import { BRAND_COLORS } from '../../../theme';
import { LoadFailed } from '../../../components/feedback/LoadFailed';

// echarts is big: only this page loads it, and only after the figures are in.
const EarningsCharts = lazy(() => import('./EarningsCharts'));

const yuan = (cents?: number) => ((cents ?? 0) / 100).toFixed(2);

/** /creator/sales — a creator's sales: the share rule, totals and charts of the filtered sales, and the list. */
export default function SalesPage() {
  const [filters, setFilters] = useState<CrudFilters>([]);
  const summary = useCustom<SalesSummary>({
    url: `/api/${sales.apiPath}/summary`,
    method: 'get',
    config: { query: filtersToParams(filters) },
    errorNotification: false,
  });
  const rule = useCustom<RevenueShareRule>({
    url: `/api/${sales.apiPath}/rule`,
    method: 'get',
    errorNotification: false,
  });
  const s = summary.data?.data;
  const r = rule.data?.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {r && (
        <Alert
          type="info"
          showIcon
          data-testid="share-rule"
          message={`当前分成比例 ${r.defaultPercent}%（独家签约创作者 ${r.exclusivePercent}%），按买家实付金额计算；收益入账 ${r.holdDays} 天后可提现，订单退款时相应分成扣回。`}
        />
      )}
      <Card>
        {summary.isLoading ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : summary.isError ? (
          <LoadFailed what="销售汇总" error={summary.error} retry={() => void summary.refetch()} />
        ) : (
          <Row gutter={16} data-testid="sales-totals">
            <Col span={6}>
              <Statistic title="销售笔数（不含退款）" value={s?.count ?? 0} />
            </Col>
            <Col span={6}>
              <Statistic title="实付金额（元）" value={yuan(s?.grossCents)} />
            </Col>
            <Col span={6}>
              <Statistic
                title="分成收益（元）"
                value={yuan(s?.amountCents)}
                valueStyle={{ color: BRAND_COLORS.primary }}
              />
            </Col>
            <Col span={6}>
              <Statistic title="已扣回（元）" value={yuan(s?.reversedCents)} />
            </Col>
          </Row>
        )}
      </Card>
      {s && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <EarningsCharts summary={s} />
        </Suspense>
      )}
      <ResourceList def={sales} onFilters={setFilters} />
    </Space>
  );
}
