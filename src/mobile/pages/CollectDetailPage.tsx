import { useParams } from 'react-router-dom';
import { Button, Toast } from 'antd-mobile';
import { get, request } from '../../dataProvider/axios';
import { useRemote } from '../../components/material/useRemote';
import type { CollectAlbumWithItems } from '../../schemas/api/collect-responses';
import { CollectItems } from '../parts/CollectItems';
import { Remote } from '../parts/Remote';

/** /collect/detail/:id: one of my albums; items can be taken out, a shared album's link copied. */
export default function CollectDetailPage() {
  const { id } = useParams();
  const album = useRemote(() => get<CollectAlbumWithItems>(`/api/collect/${id}`), [id]);
  const remove = async (materialId: number) => {
    try {
      await request('DELETE', `/api/collect/${id}/items/${materialId}`);
      Toast.show({ icon: 'success', content: '已取消收藏' });
      album.reload();
    } catch (e) {
      Toast.show({ icon: 'fail', content: (e as Error).message });
    }
  };
  return (
    <div className="m-page" data-testid="m-collect-detail">
      <Remote state={album}>
        {(a) => (
          <>
            <h2 style={{ fontSize: 18, margin: '4px 0' }} data-testid="m-collect-name">
              {a.name}
            </h2>
            <p style={{ color: '#595959', fontSize: 13, margin: '0 0 8px' }}>
              {a.items.length} 个素材
              {a.shared && (
                <Button
                  size="small"
                  fill="none"
                  color="primary"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(`${location.origin}/personalcollect/${a.id}`)
                      .then(() => Toast.show({ content: '分享链接已复制' }))
                  }
                >
                  复制分享链接
                </Button>
              )}
            </p>
            <CollectItems items={a.items} onRemove={(m) => void remove(m)} />
          </>
        )}
      </Remote>
    </div>
  );
}
