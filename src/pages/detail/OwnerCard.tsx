import { Avatar, Card, Col, Row, Statistic, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { catalogueApi } from '../../components/material/api';
import { RemoteState } from '../../components/material/RemoteState';
import { useRemote } from '../../components/material/useRemote';
import { formatCount } from '../../components/material/format';

/** The creator of a material (/api/items/owner): profile and counts. */
export function OwnerCard({ materialId }: { materialId: number }) {
  const owner = useRemote(() => catalogueApi.owner(materialId), [materialId]);
  return (
    <Card title="作者" size="small" data-testid="owner-card">
      <RemoteState {...owner} rows={2}>
        {(o) => (
          <>
            <Card.Meta
              avatar={<Avatar size={48} src={o.avatar || undefined} icon={<UserOutlined />} />}
              title={o.nickname}
              description={
                <Typography.Text type="secondary">
                  {o.ownerType === 'ORGANISATIONS' ? '机构创作者' : '个人创作者'}
                </Typography.Text>
              }
            />
            <Row gutter={8} style={{ marginTop: 16 }}>
              <Col span={8}>
                <Statistic title="作品" value={o.counts.works} />
              </Col>
              <Col span={8}>
                <Statistic title="下载" value={formatCount(o.counts.downloads)} />
              </Col>
              <Col span={8}>
                <Statistic title="浏览" value={formatCount(o.counts.views)} />
              </Col>
            </Row>
          </>
        )}
      </RemoteState>
    </Card>
  );
}
