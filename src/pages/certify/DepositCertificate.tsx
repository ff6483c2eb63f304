import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCustom } from '@refinedev/core';
import { Alert, Card, Descriptions, Input, Result, Skeleton } from 'antd';
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
        placeholder="输入证书编号，如 LM2026112200000001"
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
          <Result status={v.valid ? 'success' : 'error'} title={v.valid ? '证书有效' : '证书校验未通过'} subTitle={v.reason} />
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label="证书编号">{v.certNo}</Descriptions.Item>
            <Descriptions.Item label="作品名称">{v.workName}</Descriptions.Item>
            <Descriptions.Item label="作品类别">{labelOf('work-category', v.workCategory)}</Descriptions.Item>
            <Descriptions.Item label="存证人">{v.owner}</Descriptions.Item>
            <Descriptions.Item label="存证文件">{v.fileName}</Descriptions.Item>
            <Descriptions.Item label="文件哈希(SHA-256)">{v.sha256}</Descriptions.Item>
            <Descriptions.Item label="区块高度">{v.height}</Descriptions.Item>
            <Descriptions.Item label="区块哈希">{v.blockHash ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="存证时间">{formatDateTime(v.depositedAt)}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Card>
  );
}
