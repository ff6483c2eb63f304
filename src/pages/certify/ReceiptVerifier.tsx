import { useState } from 'react';
import { Alert, Button, Card, Col, List, Row, Typography, Upload } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, InboxOutlined, MinusCircleFilled } from '@ant-design/icons';
import type { VerifyStep } from '../../../verify-receipt.mjs';
import { checkReceiptInBrowser } from './receipt-check';
import { BRAND_COLORS } from '../../theme';

const icon = (ok: boolean | null) =>
  ok === null ? (
    <MinusCircleFilled style={{ color: '#bfbfbf' }} />
  ) : ok ? (
    <CheckCircleFilled style={{ color: '#52c41a' }} />
  ) : (
    <CloseCircleFilled style={{ color: BRAND_COLORS.danger }} />
  );

/**
 * Drop the original file and its receipt; every check runs in this browser (the file never
 * leaves it): file hash, leaf, inclusion, checkpoint signature, timestamp, consistency.
 */
export default function ReceiptVerifier() {
  const [file, setFile] = useState<File | null>(null);
  const [receiptFile, setReceiptFile] = useState<File | null>(null);
  const [result, setResult] = useState<{ ok: boolean; steps: VerifyStep[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!file || !receiptFile) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      let receipt: unknown;
      try {
        receipt = JSON.parse(await receiptFile.text());
      } catch {
        throw new Error('回执文件不是有效的 JSON');
      }
      setResult(await checkReceiptInBrowser(new Uint8Array(await file.arrayBuffer()), receipt));
    } catch (e) {
      setError((e as Error).message || '验证失败');
    } finally {
      setBusy(false);
    }
  };

  const dropper = (label: string, hint: string, picked: File | null, pick: (f: File) => void, accept?: string) => (
    <Upload.Dragger
      accept={accept}
      multiple={false}
      showUploadList={false}
      beforeUpload={(f) => {
        pick(f);
        setResult(null);
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{picked ? picked.name : label}</p>
      <p className="ant-upload-hint">{hint}</p>
    </Upload.Dragger>
  );

  return (
    <Card title="离线验证存证回执" data-testid="receipt-verifier">
      <Typography.Paragraph type="secondary">
        全部校验在本浏览器内完成，文件不会上传。也可用命令行：
        <Typography.Text code>node verify-receipt.mjs 原始文件 回执.json --key 日志公钥</Typography.Text>
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {dropper('拖入或点击选择原始文件', '存证时提交的文件', file, setFile)}
        </Col>
        <Col xs={24} md={12}>
          {dropper(
            '拖入或点击选择存证回执',
            '存证记录中下载的回执 JSON',
            receiptFile,
            setReceiptFile,
            '.json,application/json',
          )}
        </Col>
      </Row>
      <Button type="primary" style={{ marginTop: 16 }} disabled={!file || !receiptFile} loading={busy} onClick={run}>
        开始验证
      </Button>
      {error && <Alert style={{ marginTop: 16 }} type="error" showIcon message={error} />}
      {result && (
        <>
          <Alert
            style={{ marginTop: 16 }}
            type={result.ok ? 'success' : 'error'}
            showIcon
            message={result.ok ? '验证通过：文件与回执一致，且包含在平台签名的存证日志中' : '验证未通过'}
          />
          <List
            style={{ marginTop: 8 }}
            dataSource={result.steps}
            renderItem={(s) => (
              <List.Item data-testid={`step-${s.id}`} data-ok={String(s.ok)}>
                <List.Item.Meta
                  avatar={icon(s.ok)}
                  title={s.label}
                  description={<span style={{ wordBreak: 'break-all' }}>{s.detail}</span>}
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
