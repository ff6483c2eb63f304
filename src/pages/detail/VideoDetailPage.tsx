import { useParams } from 'react-router-dom';
import { Breadcrumb, Card, Col, Descriptions, Image, Result, Row, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import LicencePicker from '../../components/licence/LicencePicker';
import CollectButton from '../../components/collect/CollectButton';
import { PackageDownloadButton } from '../../components/image-package/PackageDownloadButton';
import { catalogueApi, type MaterialDetailData } from '../../components/material/api';
import { MaterialGrid } from '../../components/material/MaterialGrid';
import { MediaPending } from '../../components/material/CoverImage';
import { PhotoCredits } from '../../components/material/PhotoCredits';
import { LazyVideo } from '../../components/material/LazyVideo';
import { RemoteState } from '../../components/material/RemoteState';
import { Section } from '../../components/material/Section';
import { useRemote } from '../../components/material/useRemote';
import { ERROR_IMAGE, formatDuration, formatSize, TYPE_LABELS } from '../../components/material/format';
import { AiTag } from '../../components/provenance/AiTag';
import { ProvenanceSummary } from '../../components/provenance/ProvenanceSummary';
import { EvidenceBadge } from './EvidenceBadge';
import { OwnerCard } from './OwnerCard';

function Player({ m }: { m: MaterialDetailData }) {
  if (!m.previewUrl) {
    return (
      <div data-testid="detail-player" style={{ aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden' }}>
        <MediaPending label="预览处理中，请稍后刷新" />
      </div>
    );
  }
  if (m.previewUrl.endsWith('.mp4')) {
    return (
      <LazyVideo
        testId="detail-player"
        src={m.previewUrl}
        poster={m.coverUrl ?? undefined}
        style={{ width: '100%', borderRadius: 8, background: '#000', aspectRatio: '16 / 9' }}
      />
    );
  }
  return (
    <Image
      data-testid="detail-player"
      src={m.previewUrl}
      fallback={ERROR_IMAGE}
      alt={m.title}
      style={{ width: '100%', borderRadius: 8 }}
    />
  );
}

function Metadata({ m }: { m: MaterialDetailData }) {
  return (
    <Descriptions size="small" bordered column={2} data-testid="detail-metadata">
      <Descriptions.Item label="素材编号">{m.id}</Descriptions.Item>
      <Descriptions.Item label="类型">{TYPE_LABELS[m.type]}</Descriptions.Item>
      {m.durationSec !== null && <Descriptions.Item label="时长">{formatDuration(m.durationSec)}</Descriptions.Item>}
      <Descriptions.Item label="分辨率">{m.width && m.height ? `${m.width}×${m.height}` : '-'}</Descriptions.Item>
      {m.fps !== null && <Descriptions.Item label="帧率">{m.fps} fps</Descriptions.Item>}
      <Descriptions.Item label="格式">{m.format ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="文件大小">{formatSize(m.sizeBytes)}</Descriptions.Item>
      <Descriptions.Item label="分类">
        {m.category ? <Link to={`/material/${m.category.id}`}>{m.category.name}</Link> : '-'}
      </Descriptions.Item>
      <Descriptions.Item label="上传时间">{dayjs(m.createdAt).format('YYYY-MM-DD')}</Descriptions.Item>
      <Descriptions.Item label="浏览 / 下载">
        {m.views} / {m.downloads}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Similar({ id }: { id: number }) {
  const similar = useRemote(() => catalogueApi.similar(id, 8), [id]);
  return (
    <Section title="相似素材" testId="similar-section">
      <RemoteState {...similar}>{(items) => <MaterialGrid items={items} />}</RemoteState>
    </Section>
  );
}

/** /video/detail/:id — watermarked preview, metadata, owner, evidence, licence picker, collect, similar items. */
export default function VideoDetailPage() {
  const id = Number(useParams().id);
  const detail = useRemote(
    () => (Number.isInteger(id) && id > 0 ? catalogueApi.detail(id) : Promise.reject(new Error('素材不存在或已下架'))),
    [id],
  );
  if (detail.error?.message === '素材不存在或已下架') {
    return <Result status="404" title="素材不存在或已下架" extra={<Link to="/">返回首页</Link>} />;
  }
  return (
    <RemoteState {...detail} rows={10}>
      {(m) => (
        <div data-testid="detail-page">
          <Breadcrumb
            style={{ marginBottom: 16 }}
            items={[
              { title: <Link to="/">首页</Link> },
              ...(m.category ? [{ title: <Link to={`/material/${m.category.id}`}>{m.category.name}</Link> }] : []),
              { title: m.title },
            ]}
          />
          <Row gutter={24}>
            <Col xs={24} lg={16}>
              <Player m={m} />
              <Card style={{ marginTop: 16 }}>
                <Space align="center" wrap style={{ marginBottom: 12 }}>
                  {/* The page's one h1 (WCAG 1.3.1, 2.4.6), at the size of the card title it was. */}
                  <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
                    {m.title}
                  </Typography.Title>
                  <EvidenceBadge materialId={m.id} />
                  {m.aiGenerated && <AiTag />}
                </Space>
                <Typography.Paragraph type="secondary">{m.description}</Typography.Paragraph>
                <PhotoCredits credits={m.credits} style={{ marginBottom: 12 }} />
                <Space wrap style={{ marginBottom: 16 }}>
                  {m.tags.map((t) => (
                    <Link key={t} to={`/search?keyword=${encodeURIComponent(t)}`}>
                      <Tag>{t}</Tag>
                    </Link>
                  ))}
                </Space>
                <Metadata m={m} />
              </Card>
              {(m.provenance || m.aiGenerated) && (
                <Card size="small" title="内容凭证（C2PA）" style={{ marginTop: 16 }} data-testid="detail-provenance">
                  <ProvenanceSummary provenance={m.provenance} aiGenerated={m.aiGenerated} aiSource={m.aiSource} />
                </Card>
              )}
            </Col>
            <Col xs={24} lg={8}>
              <Space direction="vertical" style={{ width: '100%' }} size={16}>
                <LicencePicker material={{ id: m.id, type: m.type, title: m.title, priceCents: m.priceCents }} />
                {m.type === 11 && <PackageDownloadButton materialId={m.id} />}
                <CollectButton materialId={m.id} />
                <OwnerCard materialId={m.id} />
              </Space>
            </Col>
          </Row>
          <div style={{ marginTop: 32 }}>
            <Similar id={m.id} />
          </div>
        </div>
      )}
    </RemoteState>
  );
}
