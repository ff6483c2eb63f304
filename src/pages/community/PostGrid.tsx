import { Avatar, Card, Col, Empty, Row, Space, Typography } from 'antd';
import { HeartOutlined, MessageOutlined, StarOutlined, PictureOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { PostCard } from './community-api';

/** Posts as cover cards: cover (first image or first work), title, author and counts. */
export function PostGrid({ posts, empty = '还没有作品帖' }: { posts: PostCard[]; empty?: string }) {
  if (!posts.length) return <Empty description={empty} />;
  return (
    <Row gutter={[16, 16]} data-testid="post-grid">
      {posts.map((p) => (
        <Col key={p.id} xs={24} sm={12} md={8} lg={6}>
          <Link to={`/community/post/${p.id}`}>
            <Card
              hoverable
              size="small"
              cover={
                p.coverUrl ? (
                  <img src={p.coverUrl} alt={p.title} style={{ height: 160, objectFit: 'cover' }} loading="lazy" />
                ) : (
                  <div
                    style={{
                      height: 160,
                      display: 'grid',
                      placeItems: 'center',
                      background: '#f0f2f5',
                      fontSize: 32,
                      color: '#bbb',
                    }}
                  >
                    <PictureOutlined />
                  </div>
                )
              }
            >
              <Typography.Text strong ellipsis style={{ display: 'block' }}>
                {p.title}
              </Typography.Text>
              <Space
                size={12}
                // Secondary text at 4.5:1 or more (#888 read 3.54:1).
                style={{
                  marginTop: 6,
                  color: 'rgba(0, 0, 0, 0.55)',
                  fontSize: 12,
                  width: '100%',
                  justifyContent: 'space-between',
                }}
              >
                <span>
                  <Avatar size={18} src={p.authorAvatar ?? undefined}>
                    {p.authorName.slice(0, 1)}
                  </Avatar>{' '}
                  {p.authorName}
                </span>
                <span>
                  <HeartOutlined /> {p.likeCount} <MessageOutlined /> {p.commentCount} <StarOutlined /> {p.collectCount}
                </span>
              </Space>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
