import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCustom } from '@refinedev/core';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Descriptions, Input, Result, Skeleton, Space } from 'antd';
import { fetchProof } from './ledger-api';
import { formatDateTime } from '../../resources/views/cells';
import { labelOf } from '../../resources/registry';

interface Verification {
  certNo: string;
  workName: string;
  workCategory: number;
  owner: string;
  fileName: string;
  sha256: string;
  depositedAt: string;
  valid: boolean;
  reason: string;
  height: number;
  blockHash: string | null;
}

/** The receipt is public (it shows no more than the certificate): saved as a JSON file. */
async function downloadReceipt(certNo: string) {
  const receipt = await fetchProof(certNo);
  const url = URL.createObjectURL(new Blob([JSON.stringify(receipt, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `存证回执-${certNo}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

/** Public check of an evidence-deposit certificate (the QR code on the PDF points here). */
export default function DepositCertificate() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [input, setInput] = useState(id ?? '');
  const { data, isLoading, isError, error } = useCustom<Verification>({
    url: `/api/protection/deposit/verify/${id}`,
    method: 'get',
    queryOptions: { enabled: !!id, retry: false },
    errorNotification: false,
  });
  const v = data?.data;
  return (
    <Card title="存证证书查验" style={{ maxWidth: 900, margin: '24px auto' }}>
      <Input.Search
        placeholder="输入证书编号，如 LM2026112200000001-7KQ2XM"
        enterButton="查验"
        value={input}
        onChange={(e) => setInput(e.target.value.trim())}
        onSearch={(v2) => v2 && navigate(`/certifiy/copyright/deposit/${encodeURIComponent(v2.trim())}`)}
        style={{ marginBottom: 24 }}
      />
      {!id ? (
        <Alert type="info" showIcon message="请输入存证证书编号进行查验" />
      ) : isLoading ? (
        <Skeleton active />
      ) : isError || !v ? (
        <Result status="warning" title="未找到该证书" subTitle={error?.message} />
      ) : (
        <>
          <Result
            status={v.valid ? 'success' : 'error'}
            title={v.valid ? '证书有效' : '证书校验未通过'}
            subTitle={v.reason}
          />
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label="证书编号">{v.certNo}</Descriptions.Item>
            <Descriptions.Item label="作品名称">{v.workName}</Descriptions.Item>
            <Descriptions.Item label="作品类别">{labelOf('work-category', v.workCategory)}</Descriptions.Item>
            <Descriptions.Item label="存证人">{v.owner}</Descriptions.Item>
            <Descriptions.Item label="存证文件">{v.fileName}</Descriptions.Item>
            <Descriptions.Item label="文件哈希(SHA-256)">{v.sha256}</Descriptions.Item>
            <Descriptions.Item label="日志叶子序号">{v.height}</Descriptions.Item>
            <Descriptions.Item label="叶子哈希">{v.blockHash ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="存证时间">{formatDateTime(v.depositedAt)}</Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 16 }}>
            <Button onClick={() => downloadReceipt(v.certNo)}>下载存证回执</Button>
            <Link to="/certifiy">用原始文件离线验证</Link>
            <Link to="/certifiy/platform">平台公钥与检查点</Link>
          </Space>
        </>
      )}
    </Card>
  );
}
