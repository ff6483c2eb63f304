import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { Card, Col, Empty, Row } from 'antd';
import type { SalesSummary } from '../../../schemas/api/earnings';
import { earningsByWork, earningsOverTime } from './chart-data';
import { BRAND_COLORS } from '../../../theme';

// Only the parts drawn here: the whole echarts build is several times larger.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

const money = (v: unknown) => `¥${Number(v).toFixed(2)}`;
const tooltip = { trigger: 'axis', valueFormatter: money } as const;

const yAxisMoney = { type: 'value', axisLabel: { formatter: (v: number) => `¥${v}` } } as const;

/** One chart card: the chart when it has data, else an empty state of the same height. */
function ChartCard({
  title,
  testId,
  hasData,
  option,
}: {
  title: string;
  testId: string;
  hasData: boolean;
  option: Record<string, unknown>;
}) {
  return (
    <Card size="small" title={title} data-testid={testId}>
      {hasData ? (
        <ReactEChartsCore echarts={echarts} style={{ height: 260 }} notMerge option={option} />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="暂无分成收益"
          style={{ height: 240, paddingTop: 60 }}
        />
      )}
    </Card>
  );
}

/** Earnings over time and by work (loaded lazily with echarts by the sales page only). */
export default function EarningsCharts({ summary }: { summary: SalesSummary }) {
  const time = earningsOverTime(summary.byDay);
  const works = earningsByWork(summary.byWork);
  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <ChartCard
          title="分成收益趋势（元）"
          testId="chart-time"
          hasData={time.labels.length > 0}
          option={{
            tooltip,
            grid: { left: 56, right: 16, top: 16, bottom: 32 },
            xAxis: { type: 'category', data: time.labels },
            yAxis: yAxisMoney,
            // Bars: most days of a creator have no sale, and a line between them would invent a trend.
            series: [
              { type: 'bar', name: '分成收益', data: time.values, barMaxWidth: 16, color: BRAND_COLORS.primary },
            ],
          }}
        />
      </Col>
      <Col xs={24} lg={10}>
        <ChartCard
          title="作品分成排行（元）"
          testId="chart-works"
          hasData={works.labels.length > 0}
          option={{
            tooltip: { ...tooltip, axisPointer: { type: 'shadow' } },
            grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
            xAxis: yAxisMoney,
            yAxis: {
              type: 'category',
              inverse: true,
              data: works.labels,
              axisLabel: { width: 110, overflow: 'truncate' },
            },
            series: [{ type: 'bar', name: '分成收益', data: works.values, barMaxWidth: 18, color: '#13c2c2' }],
          }}
        />
      </Col>
    </Row>
  );
}
