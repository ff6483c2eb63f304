import { useState } from 'react';
import { useParams, Link } from 'react-router-dom';
import {
  Alert,
  App,
  Avatar,
  Button,
  Card,
  Col,
  Empty,
  Image,
  Input,
  List,
  Result,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { HeartFilled, HeartOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { SchemaFormModal } from '../../components/schema-form/SchemaFormModal';
import { useUser } from '../../components/user/UserContext';
import { formatDateTime } from '../../resources/views/cells';
import { useLoad } from '../content/use-load';
import { addComment, fetchPost, report, setFollow, setMark } from './community-api';
import { CommunityPage } from './CommunityNav';

/** /community/post/:id: a showcase post with its images and works; like, collect, follow, comment, report. */
export default function PostPage() {
  const id = Number(useParams().id);
  const { message } = App.useApp();
  const { user } = useUser();
  const { data: post, error, loading, reload } = useLoad(() => fetchPost(id), [id]);
  const [comment, setComment] = useState('');
  const [reporting, setReporting] = useState<{ target: 'post' | 'comment'; id: number } | null>(null);
  const act = async (fn: () => Promise<unknown>, ok?: string) => {
    try {
      await fn();
      if (ok) message.success(ok);
      await reload();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  if (loading && !post)
    return (
      <CommunityPage>
        <Card>
          <Skeleton active />
        </Card>
      </CommunityPage>
    );
  if (error || !post)
    return (
      <CommunityPage>
        <Result
          status={error?.code === 404 ? '404' : 'error'}
          title={error?.message ?? '作品帖不存在'}
          extra={
            <Link to="/community">
              <Button>返回作品广场</Button>
            </Link>
          }
        />
      </CommunityPage>
    );
  const own = user?.id === post.authorId;
  return (
    <CommunityPage>
      <Row gutter={16}>
        <Col xs={24} lg={17}>
          <Card
            title={
              <Space>
                {post.title}
                {post.status === 'hidden' && <Tag color="red">已隐藏</Tag>}
              </Space>
            }
            data-testid="post-detail"
          >
            {post.status === 'hidden' && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                message={`该作品帖已被平台隐藏：${post.hiddenReason ?? ''}`}
              />
            )}
            {post.body && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{post.body}</Typography.Paragraph>}
            {post.images.length > 0 && (
              <Image.PreviewGroup>
                <Space wrap>
                  {post.images.map((src) => (
                    <Image key={src} src={src} width={220} height={160} style={{ objectFit: 'cover' }} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
            {post.works.length > 0 && (
              <>
                <Typography.Title level={5} style={{ marginTop: 16 }}>
                  作品
                </Typography.Title>
                <Row gutter={[12, 12]}>
                  {post.works.map((w) => (
                    <Col key={w.id} xs={12} md={8}>
                      <Link to={`/video/detail/${w.id}`}>
                        <Card
                          size="small"
                          hoverable
                          cover={
                            w.coverUrl ? (
                              <img src={w.coverUrl} alt={w.title} style={{ height: 120, objectFit: 'cover' }} />
                            ) : undefined
                          }
                        >
                          <Typography.Text ellipsis>{w.title}</Typography.Text>
                        </Card>
                      </Link>
                    </Col>
                  ))}
                </Row>
              </>
            )}
            <Space style={{ marginTop: 16 }}>
              <Button
                icon={post.liked ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
                onClick={() => act(() => setMark(post.id, 'like', !post.liked))}
                data-testid="like"
              >
                {post.liked ? '已赞' : '点赞'} {post.likeCount}
              </Button>
              <Button
                icon={post.collected ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                onClick={() =>
                  act(() => setMark(post.id, 'collect', !post.collected), post.collected ? '已取消收藏' : '已收藏')
                }
              >
                {post.collected ? '已收藏' : '收藏'} {post.collectCount}
              </Button>
              {!own && (
                <Button type="link" danger onClick={() => setReporting({ target: 'post', id: post.id })}>
                  举报
                </Button>
              )}
            </Space>
          </Card>
          <Card title={`评论（${post.commentCount}）`} style={{ marginTop: 16 }}>
            <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
              <Input.TextArea
                rows={2}
                maxLength={500}
                placeholder="说点什么…"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                data-testid="comment-input"
              />
              <Button
                type="primary"
                disabled={!comment.trim()}
                onClick={() =>
                  act(async () => {
                    await addComment(post.id, comment);
                    setComment('');
                  }, '评论成功')
                }
              >
                发表
              </Button>
            </Space.Compact>
            {post.comments.length ? (
              <List
                dataSource={post.comments}
                renderItem={(c) => (
                  <List.Item
                    actions={
                      user && user.id !== c.userId
                        ? [
                            <Button
                              key="r"
                              type="link"
                              size="small"
                              onClick={() => setReporting({ target: 'comment', id: c.id })}
                            >
                              举报
                            </Button>,
                          ]
                        : []
                    }
                  >
                    <List.Item.Meta
                      avatar={<Avatar src={c.userAvatar ?? undefined}>{c.userName.slice(0, 1)}</Avatar>}
                      title={
                        <Space>
                          {c.userName}
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {formatDateTime(c.createdAt)}
                          </Typography.Text>
                        </Space>
                      }
                      description={c.body}
                    />
                  </List.Item>
                )}
              />
            ) : (
              <Empty description="还没有评论" />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={7}>
          <Card>
            <Space direction="vertical" align="center" style={{ width: '100%' }}>
              <Avatar size={64} src={post.authorAvatar ?? undefined}>
                {post.authorName.slice(0, 1)}
              </Avatar>
              <Link to={`/community/creator/${post.authorId}`}>
                <Typography.Text strong>{post.authorName}</Typography.Text>
              </Link>
              <Typography.Text type="secondary">发布于 {formatDateTime(post.createdAt)}</Typography.Text>
              {!own && (
                <Button
                  type={post.following ? 'default' : 'primary'}
                  onClick={() =>
                    act(() => setFollow(post.authorId, !post.following), post.following ? '已取消关注' : '已关注')
                  }
                >
                  {post.following ? '已关注' : '关注'}
                </Button>
              )}
            </Space>
          </Card>
        </Col>
      </Row>
      <SchemaFormModal
        open={!!reporting}
        title={reporting?.target === 'comment' ? '举报评论' : '举报作品帖'}
        schemaId="lumen:forms/community-report"
        okText="提交举报"
        onCancel={() => setReporting(null)}
        onSubmit={async (form) => {
          await report(reporting!.target, reporting!.id, form);
          message.success('举报已提交，平台会尽快处理');
          setReporting(null);
        }}
      />
    </CommunityPage>
  );
}
