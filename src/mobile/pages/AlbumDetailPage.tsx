import { useParams } from 'react-router-dom';
import { catalogueApi } from '../../components/material/api';
import { useRemote } from '../../components/material/useRemote';
import { MaterialFeed } from '../parts/MaterialTile';
import { Remote } from '../parts/Remote';

/** /album/detail/:id: an album's description and its materials. */
export default function AlbumDetailPage() {
  const { id } = useParams();
  const album = useRemote(() => catalogueApi.album(Number(id)), [id]);
  return (
    <div className="m-page" data-testid="m-album-detail">
      <Remote state={album}>
        {(a) => (
          <>
            <h2 style={{ fontSize: 18, margin: '4px 0' }}>{a.title}</h2>
            <p style={{ color: '#595959', fontSize: 13 }}>
              {a.description} · {a.itemCount} 个素材
            </p>
            <MaterialFeed items={a.items} />
          </>
        )}
      </Remote>
    </div>
  );
}
