import { Empty, Typography } from 'antd';
import { TYPE_LABELS } from '../../components/material/format';
import { BRAND_COLORS } from '../../theme';

/** Hits per day over the last 30 days as stacked SVG bars (image blue, video purple): no chart library needed for one series. */
export function HitsChart({ series }: { series: Array<{ day: string; kind: 'image' | 'video'; count: number }> }) {
  const days: string[] = [];
  for (let i = 29; i >= 0; i--) days.push(new Date(Date.now() - i * 86400_000).toISOString().slice(0, 10));
  const at = (day: string, kind: string) => series.find((s) => s.day === day && s.kind === kind)?.count ?? 0;
  const max = Math.max(1, ...days.map((d) => at(d, 'image') + at(d, 'video')));
  if (!series.length) return <Empty description="近 30 天暂无命中" />;
  const W = 600,
    H = 160,
    bw = W / days.length;
  return (
    <div data-testid="hits-chart">
      <svg viewBox={`0 0 ${W} ${H + 20}`} width="100%" role="img" aria-label="近 30 天命中趋势">
        {days.map((d, i) => {
          const img = (at(d, 'image') / max) * H,
            vid = (at(d, 'video') / max) * H;
          return (
            <g key={d}>
              <title>{`${d}：图片 ${at(d, 'image')}，视频 ${at(d, 'video')}`}</title>
              <rect x={i * bw + 2} y={H - img} width={bw - 4} height={img} fill={BRAND_COLORS.primary} />
              <rect x={i * bw + 2} y={H - img - vid} width={bw - 4} height={vid} fill="#722ed1" />
            </g>
          );
        })}
        <line x1={0} y1={H} x2={W} y2={H} stroke="#d9d9d9" />
        <text x={0} y={H + 16} fontSize={11} fill="#999">
          {days[0]}
        </text>
        <text x={W} y={H + 16} fontSize={11} fill="#999" textAnchor="end">
          {days[days.length - 1]}
        </text>
      </svg>
      <Typography.Text type="secondary">
        <span style={{ color: BRAND_COLORS.primary }}>■</span> {TYPE_LABELS[11]}　
        <span style={{ color: '#722ed1' }}>■</span> {TYPE_LABELS[1]}（最高 {max} 条/天）
      </Typography.Text>
    </div>
  );
}
