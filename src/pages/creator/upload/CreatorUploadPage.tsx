import { useCallback, useState } from 'react';
import { Alert, Card, Space, Typography } from 'antd';
import { ChunkUploader } from '../../../components/uploader';
import { WorkBatchForm } from './WorkBatchForm';

/** /creator/upload and /creator/upload/image: the creator's originals, uploaded in resumable chunks. */
export function CreatorUploadPage({ workType, title }: { workType: number; title: string }) {
  // Each completed file reloads the work form's list of files awaiting their work information.
  const [reloadKey, setReloadKey] = useState(0);
  const completed = useCallback(() => setReloadKey((k) => k + 1), []);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={title}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="支持断点续传：网络中断或关闭页面后，重新选择同一文件即可从已上传的部分继续；服务器已有的相同文件会秒传。"
        />
        <ChunkUploader workType={workType} onComplete={completed} showCompleted={false} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          上传完成的文件出现在下方“填写作品信息”中：可多选文件批量设置标签、分类、价格等，再逐个修改标题，保存为草稿或提交审核。未完成的上传保留24小时。
        </Typography.Paragraph>
      </Card>
      <WorkBatchForm workType={workType} reloadKey={reloadKey} />
    </Space>
  );
}
