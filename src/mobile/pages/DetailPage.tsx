import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, List, Radio, Space, Tag, Toast } from 'antd-mobile';
import { catalogueApi, type MaterialDetailData } from '../../components/material/api';
import { useRemote } from '../../components/material/useRemote';
import { formatDuration, formatSize, TYPE_LABELS } from '../../components/material/format';
import { PhotoCredits } from '../../components/material/PhotoCredits';
import { formatMoney } from '../../components/licence/money';
import { useUseCases } from '../../components/licence/use-use-cases';
import { levelOf } from '../../schemas/licence/use-cases';
import { post } from '../../dataProvider/axios';
import { getToken } from '../../lib/token';
import { loginPath } from '../login-path';
import { useMobileUser } from '../session';
import { Remote } from '../parts/Remote';

/** The preview: poster and the preview video (a watermarked preview, never the original), or the preview image. */
function Preview({ m }: { m: MaterialDetailData }) {
  if (!m.previewUrl)
    return (
      <div className="m-media" style={{ color: '#fff', display: 'grid', placeItems: 'center' }}>
        预览处理中，请稍后刷新
      </div>
    );
  if (m.previewUrl.endsWith('.mp4'))
    return (
      <video
        className="m-media"
        data-testid="m-player"
        src={m.previewUrl}
        poster={m.coverUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={`${m.title} 预览`}
      />
    );
  return <img className="m-media" data-testid="m-player" src={m.previewUrl} alt={m.title} />;
}

function Licence({ m }: { m: MaterialDetailData }) {
  const { levels, useCases, priceOf, refusalFor } = useUseCases();
  const { user } = useMobileUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [scenario, setScenario] = useState(useCases[0].id);
  const [adding, setAdding] = useState(false);
  const chosen = useCases.find((u) => u.id === scenario) ?? useCases[0];
  const refusal = user ? refusalFor({ ownerType: user.ownerType, enhancedAuth: user.enhancedAuth }, chosen) : null;
  const price = formatMoney(priceOf(m.priceCents, chosen));
  const needLogin = () => {
    if (getToken()) return false;
    navigate(loginPath(location.pathname));
    return true;
  };
  const addToCart = async () => {
    if (needLogin()) return;
    setAdding(true);
    try {
      await post('/api/trade/cart', { materialId: m.id, scenario: chosen.id }, { json: true });
      Toast.show({ icon: 'success', content: '已加入购物车' });
    } catch (e) {
      Toast.show({ icon: 'fail', content: (e as Error).message });
    } finally {
      setAdding(false);
    }
  };
  const buyNow = () => {
    if (!needLogin()) navigate(`/checkout?materialId=${m.id}&scenario=${encodeURIComponent(chosen.id)}`);
  };
  return (
    <>
      <List header="选择授权场景">
        <Radio.Group value={chosen.id} onChange={(v) => setScenario(String(v))}>
          {useCases.map((u) => (
            <List.Item key={u.id} description={u.description}>
              <Radio value={u.id} style={{ '--icon-size': '20px', '--font-size': '15px', width: '100%' }}>
                <Space wrap style={{ '--gap': '6px' }}>
                  <span>{u.name}</span>
                  <Tag color="primary" fill="outline">
                    {levels[levelOf(u)].name}
                  </Tag>
                  <span className="m-price">{formatMoney(priceOf(m.priceCents, u))}</span>
                </Space>
              </Radio>
            </List.Item>
          ))}
        </Radio.Group>
      </List>
      {refusal && <p style={{ color: '#d4380d', padding: '0 12px' }}>{refusal}</p>}
      <div className="m-actions">
        <div style={{ flex: '0 0 auto', alignSelf: 'center' }}>
          <div style={{ fontSize: 12, color: '#595959' }}>价格</div>
          <div className="m-price" style={{ fontSize: 18 }} data-testid="m-price">
            {price}
          </div>
        </div>
        <Button loading={adding} disabled={!!refusal} onClick={addToCart}>
          加入购物车
        </Button>
        <Button color="primary" disabled={!!refusal} onClick={buyNow}>
          立即购买
        </Button>
      </div>
    </>
  );
}

/** /video/detail/:id: preview playback, metadata, licence scenario with price, cart and buy. */
export default function DetailPage() {
  const { id } = useParams();
  const detail = useRemote(() => catalogueApi.detail(Number(id)), [id]);
  return (
    <div className="m-page" style={{ padding: 0, paddingBottom: 96 }} data-testid="m-detail">
      <Remote state={detail}>
        {(m) => (
          <>
            <Preview m={m} />
            <div style={{ padding: '8px 12px' }}>
              <h2 style={{ fontSize: 18, margin: '4px 0' }} data-testid="m-detail-title">
                {m.title}
              </h2>
              <p style={{ color: '#595959', fontSize: 13, margin: 0 }}>{m.description}</p>
              <PhotoCredits credits={m.credits} style={{ marginTop: 6, fontSize: 12 }} />
            </div>
            <List header="素材信息">
              <List.Item extra={m.id}>素材编号</List.Item>
              <List.Item extra={TYPE_LABELS[m.type]}>类型</List.Item>
              {m.durationSec !== null && <List.Item extra={formatDuration(m.durationSec)}>时长</List.Item>}
              <List.Item extra={m.width && m.height ? `${m.width}×${m.height}` : '-'}>分辨率</List.Item>
              <List.Item extra={m.format ?? '-'}>格式</List.Item>
              <List.Item extra={formatSize(m.sizeBytes)}>文件大小</List.Item>
            </List>
            <Licence m={m} />
          </>
        )}
      </Remote>
    </div>
  );
}
