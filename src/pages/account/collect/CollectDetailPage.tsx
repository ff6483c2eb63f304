import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { App, Button, Card, Result, Skeleton, Typography } from 'antd';
import { get, request } from '../../../dataProvider/axios';
import { AlbumItems } from '../../../components/collect/AlbumItems';
import type { CollectAlbumWithItems } from '../../../schemas/api/collect-responses';

type Album = CollectAlbumWithItems;

/** /account/collect/detail/{id}: one of my albums, items removable. */
export default function CollectDetailPage() {
  const { id } = useParams();
  const { message } = App.useApp();
  const [album, setAlbum] = useState<Album | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    setError(null);
    try {
      setAlbum(await get<Album>(`/api/collect/${id}`));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [id]);
  useEffect(() => void load(), [load]);
  const remove = async (materialId: number) => {
    try {
      await request('DELETE', `/api/collect/${id}/items/${materialId}`);
      message.success('已取消收藏');
      await load();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  if (error)
    return (
      <Result
        status="404"
        title={error}
        extra={
          <Link to="/account/collect">
            <Button>返回我的收藏</Button>
          </Link>
        }
      />
    );
  if (!album)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return (
    <Card
      title={album.name}
      extra={
        album.shared ? (
          <Typography.Text copyable={{ text: `${location.origin}/personalcollect/${album.id}` }}>
            分享链接
          </Typography.Text>
        ) : (
          <Link to="/account/collect">返回</Link>
        )
      }
    >
      <AlbumItems items={album.items} onRemove={remove} />
    </Card>
  );
}
