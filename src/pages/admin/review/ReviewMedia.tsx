import { Empty, Image, List, Space, Tag, Typography } from 'antd';
import { FileImageOutlined } from '@ant-design/icons';
import { enumLabel } from '../../../schemas';
import { StatusTag } from '../../../resources/views/cells';
import type { DuplicateHit, StaffWork } from './review-api';

/**
 * The work's preview: the watermarked clip of a video or template, else its image; a placeholder
 * while the media pipeline has not produced any.
 */
export function ReviewMedia({ work }: { work: StaffWork }) {
  const box = { width: '100%', maxHeight: 320, background: '#000', borderRadius: 8, objectFit: 'contain' as const };
  if (work.type !== 11 && work.previewUrl)
    return (
      <video
        data-testid="review-preview"
        src={work.previewUrl}
        poster={work.coverUrl ?? undefined}
        controls
        muted
        style={box}
      />
    );
  const img = work.type === 11 ? (work.previewUrl ?? work.coverUrl) : work.coverUrl;
  if (img)
    return (
      <Image data-testid="review-preview" src={img} alt={work.title} style={{ maxHeight: 320, objectFit: 'contain' }} />
    );
  return (
    <div
      data-testid="review-preview-placeholder"
      style={{
        height: 200,
        display: 'grid',
        placeItems: 'center',
        background: '#fafafa',
        border: '1px dashed #d9d9d9',
        borderRadius: 8,
      }}
    >
      <Space direction="vertical" align="center">
        <FileImageOutlined style={{ fontSize: 40, color: '#bfbfbf' }} />
        <Typography.Text type="secondary">暂无预览：媒体处理完成后在此显示</Typography.Text>
      </Space>
    </div>
  );
}

/** Near-duplicates the media pipeline found (material_duplicates), closest first. */
export function DuplicateHits({ hits }: { hits: DuplicateHit[] }) {
  if (!hits.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未发现相似素材" />;
  return (
    <List
      size="small"
      dataSource={hits}
      renderItem={(d) => (
        <List.Item data-testid="duplicate-hit" extra={<StatusTag table="work" value={d.status} />}>
          <List.Item.Meta
            avatar={
              d.coverUrl ? (
                <Image src={d.coverUrl} width={64} height={40} style={{ objectFit: 'cover' }} preview={false} />
              ) : (
                <FileImageOutlined style={{ fontSize: 28 }} />
              )
            }
            title={
              <a href={`/video/detail/${d.material_id}`} target="_blank" rel="noreferrer">
                {d.title}
              </a>
            }
            description={
              <Space size={4} wrap>
                <Tag>{enumLabel('lumen:enums/material-type', d.type)}</Tag>
                <Tag color={d.distance <= 10 ? 'red' : 'orange'}>
                  {d.kind} 距离 {d.distance}
                </Tag>
                <span>{d.owner_name ?? '未知创作者'}</span>
              </Space>
            }
          />
        </List.Item>
      )}
    />
  );
}
