import { useState } from 'react';
import { Alert, Button, Card, Pagination, Skeleton, Tabs } from 'antd';
import { Link } from 'react-router-dom';
import { useUser } from '../../components/user/UserContext';
import { useLoad } from '../content/use-load';
import { fetchFeed } from './community-api';
import { CommunityPage } from './CommunityNav';
import { PostGrid } from './PostGrid';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const PAGE_SIZE = 12;

/** /community: the showcase feed — newest, popular, and the creators the viewer follows. */
export default function FeedPage() {
  const { user } = useUser();
  const [sort, setSort] = useState('newest');
  const [page, setPage] = useState(1);
  const needsLogin = sort === 'following' && !user;
  const { data, error, loading, reload } = useLoad(
    () => (needsLogin ? Promise.resolve({ list: [], total: 0 }) : fetchFeed({ sort, page, pageSize: PAGE_SIZE })),
    [sort, page, needsLogin],
  );
  return (
    <CommunityPage>
      <Card
        title="创作者作品广场"
        extra={
          <Link to="/community/publish">
            <Button type="primary">发布作品</Button>
          </Link>
        }
      >
        <Tabs
          activeKey={sort}
          onChange={(k) => {
            setSort(k);
            setPage(1);
          }}
          items={[
            { key: 'newest', label: '最新' },
            { key: 'popular', label: '热门' },
            { key: 'following', label: '关注' },
          ]}
        />
        {needsLogin ? (
          <Alert type="info" showIcon message="登录后查看您关注的创作者的作品" />
        ) : error ? (
          <LoadFailed what="作品" error={error} retry={() => void reload()} />
        ) : loading && !data ? (
          <Skeleton active />
        ) : (
          <>
            <PostGrid
              posts={data?.list ?? []}
              empty={sort === 'following' ? '您关注的创作者还没有发布作品' : '还没有作品帖，来发布第一篇吧'}
            />
            {(data?.total ?? 0) > PAGE_SIZE && (
              <Pagination
                style={{ marginTop: 16, textAlign: 'right' }}
                current={page}
                pageSize={PAGE_SIZE}
                total={data!.total}
                onChange={setPage}
                showSizeChanger={false}
              />
            )}
          </>
        )}
      </Card>
    </CommunityPage>
  );
}
