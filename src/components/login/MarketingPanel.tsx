import { Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';

const POINTS = [
  { title: '100万+ 正版视频素材', text: '海量正版授权素材，商用无忧' },
  { title: '区块链版权存证', text: '作品上链存证，权属清晰可查' },
  { title: '创意作品展示社区', text: '展示作品，结识更多创作者' },
  { title: '免费发布需求', text: '免费发布素材与版权服务需求' },
];

/** Left side of the login dialog: what an account brings. */
export function MarketingPanel() {
  return (
    <div
      style={{
        background: 'linear-gradient(160deg,#1677ff,#69b1ff)',
        color: '#fff',
        padding: '40px 28px',
        minHeight: '100%',
        boxSizing: 'border-box',
        borderRadius: '8px 0 0 8px',
      }}
    >
      <Typography.Title level={3} style={{ color: '#fff', marginTop: 0 }}>
        流明素材
      </Typography.Title>
      {POINTS.map((p) => (
        <div key={p.title} style={{ display: 'flex', gap: 10, marginTop: 20 }}>
          <CheckCircleFilled style={{ fontSize: 18, marginTop: 3 }} />
          <div>
            <div style={{ fontWeight: 600, fontSize: 15 }}>{p.title}</div>
            <div style={{ opacity: 0.85, fontSize: 13 }}>{p.text}</div>
          </div>
        </div>
      ))}
    </div>
  );
}
