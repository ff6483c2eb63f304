import { Link, useParams } from 'react-router-dom';
import { Breadcrumb, Card, Result, Typography } from 'antd';
import { catalogueApi } from '../../components/material/api';
import { MaterialGrid } from '../../components/material/MaterialGrid';
import { RemoteState } from '../../components/material/RemoteState';
import { useRemote } from '../../components/material/useRemote';
import { TYPE_LABELS } from '../../components/material/format';

/** /ablum/detail/:id — one album and its approved items. */
export default function AlbumDetailPage() {
  const id = Number(useParams().id);
  const album = useRemote(
    () => (Number.isInteger(id) && id > 0 ? catalogueApi.album(id) : Promise.reject(new Error('专辑不存在'))),
    [id],
  );
  if (album.error?.message === '专辑不存在')
    return <Result status="404" title="专辑不存在" extra={<Link to="/">返回首页</Link>} />;
  return (
    <RemoteState {...album} rows={8}>
      {(a) => (
        <Card data-testid="album-detail-page">
          <Breadcrumb
            items={[
              { title: <Link to="/">首页</Link> },
              { title: <Link to={`/ablum/${a.type}`}>{TYPE_LABELS[a.type]}专辑</Link> },
              { title: a.title },
            ]}
          />
          <Typography.Title level={3} style={{ marginTop: 16 }}>
            {a.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {a.description} · 共 {a.itemCount} 个素材
          </Typography.Paragraph>
          <MaterialGrid items={a.items} />
        </Card>
      )}
    </RemoteState>
  );
}
