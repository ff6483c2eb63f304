import { useParams } from 'react-router-dom';
import { get } from '../../dataProvider/axios';
import { useRemote } from '../../components/material/useRemote';
import type { SharedAlbum } from '../../schemas/api/collect-responses';
import { CollectItems } from '../parts/CollectItems';
import { Remote } from '../parts/Remote';

/** /collect/share/:id: the public view of an album its owner shared (the desktop's /personalcollect/:id). */
export default function CollectSharePage() {
  const { id } = useParams();
  const album = useRemote(() => get<SharedAlbum>(`/api/collect/share/${id}`), [id]);
  return (
    <div className="m-page" data-testid="m-collect-share">
      <Remote state={album}>
        {(a) => (
          <>
            <h2 style={{ fontSize: 18, margin: '4px 0' }} data-testid="m-collect-name">
              {a.name}
            </h2>
            <p style={{ color: '#595959', fontSize: 13, margin: '0 0 8px' }}>来自 {a.ownerName} 的分享</p>
            <CollectItems items={a.items} />
          </>
        )}
      </Remote>
    </div>
  );
}
