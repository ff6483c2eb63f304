import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Card, Col, Pagination, Result, Row, Tabs } from 'antd';
import { Link } from 'react-router-dom';
import { catalogueApi } from '../../components/material/api';
import { AlbumCard } from '../../components/material/AlbumCard';
import { RemoteState } from '../../components/material/RemoteState';
import { useRemote } from '../../components/material/useRemote';
import { CATALOGUE_TYPES as TYPES, TYPE_LABELS } from '../../components/material/format';

const PAGE_SIZE = 12;

/** /ablum/:type — curated albums of one material type, paginated. */
export default function AlbumListPage() {
  const type = Number(useParams().type);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page')) || 1;
  const albums = useRemote(() => catalogueApi.albums(type, page, PAGE_SIZE), [type, page]);
  if (!TYPES.includes(type)) {
    return <Result status="404" title="专辑类型不存在" extra={<Link to="/ablum/1">查看视频专辑</Link>} />;
  }
  return (
    <Card data-testid="album-list-page">
      <Tabs
        activeKey={String(type)}
        items={TYPES.map((t) => ({ key: String(t), label: `${TYPE_LABELS[t]}专辑` }))}
        onChange={(k) => navigate(`/ablum/${k}`)}
      />
      <RemoteState {...albums} rows={6} empty={(d) => !d.list.length}>
        {(d) => (
          <>
            <Row gutter={[16, 16]}>
              {d.list.map((a) => (
                <Col key={a.id} xs={12} md={8} lg={6}>
                  <AlbumCard album={a} />
                </Col>
              ))}
            </Row>
            <Pagination
              style={{ marginTop: 24, textAlign: 'center' }}
              current={page}
              pageSize={PAGE_SIZE}
              total={d.total}
              hideOnSinglePage
              onChange={(p) => setParams({ page: String(p) })}
            />
          </>
        )}
      </RemoteState>
    </Card>
  );
}
