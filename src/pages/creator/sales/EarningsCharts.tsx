import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { Card, Col, Empty, Row } from 'antd';
import type { SalesSummary } from '../../../schemas/api/earnings';
import { earningsByWork, earningsOverTime } from './chart-data';

// Only the parts drawn here: the whole echarts build is several times larger.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

const money = (v: unknown) => `¥${Number(v).toFixed(2)}`;
const tooltip = { trigger: 'axis', valueFormatter: money } as const;

/** Earnings over time and by work (loaded lazily with echarts by the sales page only). */
export default function EarningsCharts({ summary }: { summary: SalesSummary }) {
  const time = earningsOverTime(summary.byDay);
  const works = earningsByWork(summary.byWork);
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无分成收益" style={{ height: 240, paddingTop: 60 }} />;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <Card size="small" title="分成收益趋势（元）" data-testid="chart-time">
          {time.labels.length ? (
            <ReactEChartsCore
              echarts={echarts}
              style={{ height: 260 }}
              notMerge
              option={{
                tooltip,
                grid: { left: 56, right: 16, top: 16, bottom: 32 },
                xAxis: { type: 'category', data: time.labels },
                yAxis: { type: 'value', axisLabel: { formatter: (v: number) => `¥${v}` } },
                // Bars: most days of a creator have no sale, and a line between them would invent a trend.
                series: [{ type: 'bar', name: '分成收益', data: time.values, barMaxWidth: 16, color: '#1677ff' }],
              }}
            />
          ) : empty}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title="作品分成排行（元）" data-testid="chart-works">
          {works.labels.length ? (
            <ReactEChartsCore
              echarts={echarts}
              style={{ height: 260 }}
              notMerge
              option={{
                tooltip: { ...tooltip, axisPointer: { type: 'shadow' } },
                grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
                xAxis: { type: 'value', axisLabel: { formatter: (v: number) => `¥${v}` } },
                yAxis: { type: 'category', inverse: true, data: works.labels, axisLabel: { width: 110, overflow: 'truncate' } },
                series: [{ type: 'bar', name: '分成收益', data: works.values, barMaxWidth: 18, color: '#13c2c2' }],
              }}
            />
          ) : empty}
        </Card>
      </Col>
    </Row>
  );
}
