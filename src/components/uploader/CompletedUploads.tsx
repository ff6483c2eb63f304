import { Card, List, Tag, Typography } from 'antd';
import type { UploadRow } from './upload-queue';
import { formatBytes } from './format';

/**
 * Files the server has accepted, ready for the work form (the next step): each shows its upload
 * id, the handle GET /api/upload/:id answers for.
 */
export function CompletedUploads({ rows }: { rows: UploadRow[] }) {
  if (!rows.length) return null;
  return (
    <Card size="small" title="已上传文件（待填写作品信息）" data-testid="upload-completed">
      <List
        dataSource={rows}
        renderItem={(r) => (
          <List.Item key={r.key} extra={<Tag color="blue">待填写作品信息</Tag>}>
            <List.Item.Meta
              title={r.name}
              description={
                <>
                  {formatBytes(r.size)} · 上传编号{' '}
                  <Typography.Text copyable code>
                    {r.uploadId}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
