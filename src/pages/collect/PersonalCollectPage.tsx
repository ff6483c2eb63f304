import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { get } from '../../dataProvider/axios';
import { AlbumItems } from '../../components/collect/AlbumItems';
import type { SharedAlbum } from '../../schemas/api/collect-responses';

type Shared = SharedAlbum;

/** /personalcollect/{id}: the public view of an album its owner shared. */
export default function PersonalCollectPage() {
  const { id } = useParams();
  const [album, setAlbum] = useState<Shared | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<Shared>(`/api/collect/share/${id}`).then(setAlbum, (e) => setError(e.message));
  }, [id]);
  if (error)
    return (
      <Result
        status="404"
        title={error}
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
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
    <Card title={album.name} extra={<Typography.Text type="secondary">来自 {album.ownerName} 的分享</Typography.Text>}>
      <AlbumItems items={album.items} />
    </Card>
  );
}
