import { Link, useNavigate, useParams } from 'react-router-dom';
import { CapsuleTabs, Image } from 'antd-mobile';
import { catalogueApi } from '../../components/material/api';
import { useRemote } from '../../components/material/useRemote';
import { CATALOGUE_TYPES, TYPE_LABELS } from '../../components/material/format';
import { Remote } from '../parts/Remote';

/** /album/list/:type: the albums of one material type. */
export default function AlbumListPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const current = Number(type) || CATALOGUE_TYPES[0];
  const albums = useRemote(() => catalogueApi.albums(current, 1, 20), [current]);
  return (
    <div className="m-page" data-testid="m-albums">
      <CapsuleTabs activeKey={String(current)} onChange={(k) => navigate(`/album/list/${k}`, { replace: true })}>
        {CATALOGUE_TYPES.map((t) => (
          <CapsuleTabs.Tab key={String(t)} title={TYPE_LABELS[t]} />
        ))}
      </CapsuleTabs>
      <Remote state={albums} empty={(r) => r.list.length === 0}>
        {(r) => (
          <div className="m-grid">
            {r.list.map((a) => (
              <Link key={a.id} className="m-card" to={`/album/detail/${a.id}`} data-testid="m-album">
                <Image
                  src={a.coverUrl ?? ''}
                  alt={a.title}
                  lazy
                  fit="cover"
                  style={{ width: '100%', aspectRatio: '16 / 10', background: '#f0f0f0' }}
                />
                <div className="m-card-title">{a.title}</div>
                <div className="m-card-meta">{a.itemCount} 个素材</div>
              </Link>
            ))}
          </div>
        )}
      </Remote>
    </div>
  );
}
