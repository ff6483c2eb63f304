import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useNumberLookup } from '../../hooks/use-number-lookup';
import { Alert, Button, Card, Descriptions, Input, Progress, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { hashFile } from '../../components/uploader/sha256';
import { TraceTimeline } from '../../components/trace/TraceTimeline';
import { checkTraceCertificate } from '../../components/trace/trace-api';
import { TRACE_CERT_NO_PATTERN, type TraceCertCheck } from '../../schemas/api/trace';
import { formatDateTime } from '../../resources/views/cells';

const CERT_NO = new RegExp(TRACE_CERT_NO_PATTERN);

/** Drop the certificate PDF: hashed in this browser, only the hash is sent and compared with the logged one. */
function FileCheck({ certNo }: { certNo: string }) {
  const [state, setState] = useState<{ progress?: number; result?: TraceCertCheck; error?: string; name?: string }>({});
  const run = async (file: File) => {
    setState({ progress: 0, name: file.name });
    try {
      const sha256 = await hashFile(file, (p) => setState({ progress: Math.round(p * 100), name: file.name }));
      setState({ result: await checkTraceCertificate(certNo, sha256), name: file.name });
    } catch (e) {
      setState({ error: (e as Error).message });
    }
  };
  const r = state.result;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div data-testid="trace-file-drop">
        <Upload.Dragger
          multiple={false}
          showUploadList={false}
          accept="application/pdf,.pdf"
          beforeUpload={(f) => {
            void run(f);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">拖入您持有的溯源证书 PDF，核验它是否为平台出具且未被改动</p>
          <p className="ant-upload-hint">文件只在本机计算 SHA-256 指纹，不会上传</p>
        </Upload.Dragger>
      </div>
      {state.progress != null && <Progress percent={state.progress} status="active" format={(p) => `计算指纹 ${p}%`} />}
      {state.error && <Alert type="error" showIcon message={state.error} />}
      {r && (
        <Alert
          data-testid="trace-file-result"
          type={r.fileMatches ? 'success' : 'error'}
          showIcon
          message={r.fileMatches ? `文件核验通过：${state.name}` : `文件核验未通过：${state.name}`}
          description={r.reason}
        />
      )}
    </Space>
  );
}

/** /copyright/trace/cert — public check of a trace certificate by number (the PDF's QR code opens it with ?no=). */
export default function TraceCertPage() {
  const { input, setInput, result, error, busy, check } = useNumberLookup({
    param: 'no',
    pattern: CERT_NO,
    invalid: '请输入正确的溯源证书编号，例如 TR2026112500000001-ABCDEF',
    lookup: (no: string) => checkTraceCertificate(no),
    checkOnOpen: true,
  });

  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: '24px 16px' }}>
      <Typography.Title level={2} style={{ textAlign: 'center' }}>
        溯源证书核验
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        输入溯源证书编号，查看证书记载的作品权属与传播时间线，并核对证书指纹是否在平台存证日志中。
      </Typography.Paragraph>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Input.Search
            size="large"
            placeholder="输入溯源证书编号，例如 TR2026112500000001-ABCDEF"
            enterButton="核验"
            value={input}
            loading={busy}
            onChange={(e) => setInput(e.target.value)}
            onSearch={(v) => void check(v)}
            data-testid="trace-cert-input"
          />
          {error && <Alert type="error" showIcon message={error} />}
          {result && (
            <>
              <Alert
                data-testid="trace-cert-result"
                type={result.valid ? 'success' : 'error'}
                showIcon
                message={result.valid ? '核验通过' : '核验未通过'}
                description={result.reason}
              />
              <Descriptions bordered size="small" column={1}>
                <Descriptions.Item label="证书编号">{result.certNo}</Descriptions.Item>
                <Descriptions.Item label="作品名称">{result.workTitle}</Descriptions.Item>
                <Descriptions.Item label="权利人">{result.owner || '-'}</Descriptions.Item>
                <Descriptions.Item label="出具时间">{formatDateTime(result.issuedAt)}</Descriptions.Item>
                <Descriptions.Item label="证书指纹（SHA-256）">
                  <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                    {result.sha256}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label="存证日志">
                  叶子 #{result.leafIndex}，签名树大小 {result.treeSize}
                </Descriptions.Item>
              </Descriptions>
              <FileCheck certNo={result.certNo} />
              <Card size="small" title={`证书记载的时间线（${result.events.length} 条）`}>
                <TraceTimeline events={result.events} />
              </Card>
            </>
          )}
        </Space>
      </Card>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/copyright/trace/SolidEvidence">
          <Button type="link">了解版权溯源服务</Button>
        </Link>
      </div>
    </div>
  );
}
