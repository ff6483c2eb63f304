import { Link, useNavigate, useParams } from 'react-router-dom';
import { useNumberLookup } from '../../hooks/use-number-lookup';
import { Alert, Button, Card, Descriptions, Input, Space, Tabs, Typography } from 'antd';
import { formatDateTime } from '../../resources/views/cells';
import { FileFingerprint } from './FileFingerprint';
import { DEPOSIT_CERT_NO as CERT_NO, verifyCertificate } from './verify-api';

function CertificateTab() {
  const {
    input: certNo,
    setInput: setCertNo,
    result,
    error,
    busy,
    check,
  } = useNumberLookup({
    param: 'certNo',
    pattern: CERT_NO,
    invalid: '请输入正确的证书编号（LM 加 16 位数字）',
    lookup: verifyCertificate,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.Search
        size="large"
        placeholder="输入存证证书编号，例如 LM2026112300000001"
        enterButton="核验"
        value={certNo}
        loading={busy}
        onChange={(e) => setCertNo(e.target.value)}
        onSearch={(v) => void check(v)}
        data-testid="cert-input"
      />
      {error && <Alert type="error" showIcon message={error} />}
      {result && (
        <>
          <Alert
            type={result.valid ? 'success' : 'error'}
            showIcon
            message={result.valid ? '核验通过' : '核验未通过'}
            description={result.reason}
          />
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="证书编号">{result.certNo}</Descriptions.Item>
            <Descriptions.Item label="作品名称">{result.workName}</Descriptions.Item>
            <Descriptions.Item label="权利人">{result.owner ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="存证文件">{result.fileName}</Descriptions.Item>
            <Descriptions.Item label="文件指纹（SHA-256）">
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {result.sha256}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="存证时间">{formatDateTime(result.depositedAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary">
            持有原文件？拖入下方，在本地比对文件与证书记载的指纹：
          </Typography.Paragraph>
          <FileFingerprint expected={result.sha256} />
          <Link to={`/certifiy/copyright/deposit/${result.certNo}`}>查看证书页</Link>
        </>
      )}
    </Space>
  );
}

/** /copyrightVerify/{cert|file}: verify a deposit certificate by number, or a file against the evidence log, from the public side. */
export default function VerifyPage() {
  const { type = 'cert' } = useParams();
  const navigate = useNavigate();
  return (
    <div style={{ maxWidth: 900, margin: '0 auto', padding: '24px 16px' }}>
      <Typography.Title level={2} style={{ textAlign: 'center' }}>
        版权核验
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        核验平台出具的存证证书，或确认一个文件是否在平台存证、何时存证。
      </Typography.Paragraph>
      <Card>
        <Tabs
          activeKey={type === 'file' ? 'file' : 'cert'}
          onChange={(k) => navigate(`/copyrightVerify/${k}`)}
          items={[
            { key: 'cert', label: '证书编号核验', children: <CertificateTab /> },
            { key: 'file', label: '文件核验', children: <FileFingerprint /> },
          ]}
        />
      </Card>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/copyrightDeposit">
          <Button type="link">还没有存证？了解版权存证</Button>
        </Link>
      </div>
    </div>
  );
}
