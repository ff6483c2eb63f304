import { useState } from 'react';
import { Alert, Card, Space, Table, Tag, Typography, Upload } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { readFileMeta } from '../../schemas/file-meta';
import { formatBytes, type FileMeta } from '../../schemas/file-rules';
import { useSchemas } from '../../hooks/use-schema';
import { FileFingerprint } from './FileFingerprint';
import { RULE_SETS, ruleReport } from './rule-report';
import CredentialsVerifier from '../certify/CredentialsVerifier';

function RuleCheck() {
  const ready = useSchemas(RULE_SETS.map((s) => s.id));
  const [meta, setMeta] = useState<FileMeta | null>(null);
  const [reading, setReading] = useState(false);
  const read = async (file: File) => {
    setReading(true);
    try {
      setMeta(await readFileMeta(file));
    } finally {
      setReading(false);
    }
  };
  const rows = meta && ready ? ruleReport(meta) : [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div data-testid="rule-drop">
        <Upload.Dragger
          multiple={false}
          showUploadList={false}
          beforeUpload={(f) => {
            void read(f);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <FileSearchOutlined />
          </p>
          <p className="ant-upload-text">点击或拖入图片、视频、音频或文档</p>
          <p className="ant-upload-hint">在本地读取格式、大小、尺寸与时长，对照各项服务的上传规则</p>
        </Upload.Dragger>
      </div>
      {meta && (
        <>
          <Typography.Text>
            {meta.name}　{formatBytes(meta.size)}　{meta.type || '未知类型'}
            {meta.width ? `　${meta.width}×${meta.height}` : ''}
            {meta.durationSec ? `　${meta.durationSec.toFixed(1)} 秒` : ''}
          </Typography.Text>
          {rows.length ? (
            <Table
              rowKey="key"
              size="small"
              pagination={false}
              loading={reading}
              dataSource={rows}
              columns={[
                { title: '服务', dataIndex: 'service' },
                { title: '规则', dataIndex: 'rule' },
                { title: '要求', dataIndex: 'summary' },
                {
                  title: '结果',
                  dataIndex: 'problem',
                  render: (p: string | null) => (p ? <Tag color="red">{p}</Tag> : <Tag color="green">符合</Tag>),
                },
              ]}
            />
          ) : (
            <Alert type="warning" showIcon message="没有接受这种文件格式的上传规则" />
          )}
        </>
      )}
    </Space>
  );
}

/** /tool: a file's SHA-256 looked up in the evidence log and a file checked against every upload rule (in the browser); its Content Credentials checked (on the server). */
export default function ToolPage() {
  return (
    <div style={{ maxWidth: 1000, margin: '0 auto', padding: '24px 16px' }}>
      <Typography.Title level={2} style={{ textAlign: 'center' }}>
        工具箱
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        除内容凭证查验外，所有计算都在您的浏览器中完成，文件不会上传。
      </Typography.Paragraph>
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        <Card title="文件指纹与存证查询">
          <FileFingerprint />
        </Card>
        <Card title="内容凭证查验">
          <CredentialsVerifier />
        </Card>
        <Card title="上传规则检查">
          <RuleCheck />
        </Card>
      </Space>
    </div>
  );
}
