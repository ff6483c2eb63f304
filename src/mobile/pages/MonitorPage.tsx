import { useNavigate, useParams } from 'react-router-dom';
import { CapsuleTabs } from 'antd-mobile';
import { protectionServices } from '../../pages/copyright/service-catalogue';
import { TRANSFORM_NAMES } from '../../pages/monitor/transform-names';
import { ServiceSheet } from '../parts/ServiceSheet';

const KINDS = [
  { key: 'img', title: '图片监测', feature: '图片指纹' },
  { key: 'video', title: '视频监测', feature: '视频指纹' },
];

/** /copyright/monitor/:type? (img | video): monitoring, with the chosen kind's fingerprint first. */
export default function MonitorPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const kind = KINDS.find((k) => k.key === type) ?? KINDS[0];
  const s = protectionServices.monitor;
  const feature = s.features.find((f) => f.title === kind.feature)!;
  // The chosen kind's fingerprint is the tab's text; the list keeps what both kinds share.
  const shared = { ...s, features: s.features.filter((f) => !KINDS.some((k) => k.feature === f.title)) };
  return (
    <ServiceSheet s={shared} verify={false}>
      <CapsuleTabs activeKey={kind.key} onChange={(k) => navigate(`/copyright/monitor/${k}`, { replace: true })}>
        {KINDS.map((k) => (
          <CapsuleTabs.Tab key={k.key} title={k.title} />
        ))}
      </CapsuleTabs>
      <p style={{ fontSize: 14, lineHeight: 1.6 }} data-testid="m-monitor-kind">
        {feature.text}可识别：{TRANSFORM_NAMES.join('、')}。
      </p>
    </ServiceSheet>
  );
}
