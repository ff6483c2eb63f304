import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { App, Avatar, Button, Card, Pagination, Result, Skeleton, Space, Statistic, Typography } from 'antd';
import { useUser } from '../../components/user/UserContext';
import { useLoad } from '../content/use-load';
import { fetchCreator, fetchFeed, setFollow } from './community-api';
import { CommunityPage } from './CommunityNav';
import { PostGrid } from './PostGrid';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const PAGE_SIZE = 12;

/** /community/creator/:id: a creator's profile (followers, likes) and their showcase posts. */
export default function CreatorPage() {
  const id = Number(useParams().id);
  const { message } = App.useApp();
  const { user } = useUser();
  const [page, setPage] = useState(1);
  const profile = useLoad(() => fetchCreator(id), [id, user?.id]);
  const posts = useLoad(() => fetchFeed({ sort: 'newest', authorId: id, page, pageSize: PAGE_SIZE }), [id, page]);
  const p = profile.data;
  if (profile.loading && !p)
    return (
      <CommunityPage>
        <Card>
          <Skeleton active avatar />
        </Card>
      </CommunityPage>
    );
  if (profile.error || !p)
    return (
      <CommunityPage>
        <Result
          status="404"
          title={profile.error?.message ?? '创作者不存在'}
          extra={
            <Link to="/community">
              <Button>返回作品广场</Button>
            </Link>
          }
        />
      </CommunityPage>
    );
  const follow = async () => {
    try {
      await setFollow(p.id, !p.followedByMe);
      message.success(p.followedByMe ? '已取消关注' : '已关注');
      await profile.reload();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <CommunityPage>
      <Card data-testid="creator-profile">
        <Space size={24} align="center" wrap>
          <Avatar size={80} src={p.avatar ?? undefined}>
            {p.name.slice(0, 1)}
          </Avatar>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {p.name}
              {p.isCreator && (
                <Typography.Text type="success" style={{ fontSize: 12, marginLeft: 8 }}>
                  认证创作者
                </Typography.Text>
              )}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {p.bio || '这位创作者还没有写简介'}
            </Typography.Paragraph>
          </div>
          <Statistic title="作品帖" value={p.posts} />
          <Statistic title="粉丝" value={p.followers} />
          <Statistic title="关注" value={p.following} />
          <Statistic title="获赞" value={p.likes} />
          {user?.id !== p.id && (
            <Button type={p.followedByMe ? 'default' : 'primary'} onClick={follow}>
              {p.followedByMe ? '已关注' : '关注'}
            </Button>
          )}
        </Space>
      </Card>
      <Card title="作品帖" style={{ marginTop: 16 }}>
        {posts.error ? (
          <LoadFailed what="作品帖" error={posts.error} retry={() => void posts.reload()} />
        ) : posts.loading && !posts.data ? (
          <Skeleton active />
        ) : (
          <>
            <PostGrid posts={posts.data?.list ?? []} empty="这位创作者还没有发布作品帖" />
            {(posts.data?.total ?? 0) > PAGE_SIZE && (
              <Pagination
                style={{ marginTop: 16, textAlign: 'right' }}
                current={page}
                pageSize={PAGE_SIZE}
                total={posts.data!.total}
                onChange={setPage}
              />
            )}
          </>
        )}
      </Card>
    </CommunityPage>
  );
}
