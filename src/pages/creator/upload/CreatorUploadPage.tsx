import { Alert, Card, Typography } from 'antd';
import { ChunkUploader } from '../../../components/uploader';

/** /creator/upload and /creator/upload/image: the creator's originals, uploaded in resumable chunks. */
export function CreatorUploadPage({ workType, title }: { workType: number; title: string }) {
  return (
    <Card title={title}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="支持断点续传：网络中断或关闭页面后，重新选择同一文件即可从已上传的部分继续；服务器已有的相同文件会秒传。"
      />
      <ChunkUploader workType={workType} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        上传完成的文件会保留在“已上传文件”中，下一步为每个文件填写作品信息并提交审核。未完成的上传保留24小时。
      </Typography.Paragraph>
    </Card>
  );
}
