import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useCustom } from '@refinedev/core';
import type { LicenceCheck } from '../../schemas/api/licence-responses';
import { Alert, Card, Descriptions, Input, Result, Skeleton, Space } from 'antd';
import { formatDateTime } from '../../resources/views/cells';
import { CERT_NO_PATTERN } from '../../schemas/api/ledger';
import ReceiptVerifier from './ReceiptVerifier';
import CredentialsVerifier from './CredentialsVerifier';
import CaptureCertificate from './CaptureCertificate';
import { CAPTURE_CERT_NO_PATTERN } from '../../schemas/api/web-capture';

/** Licence certificates carry a 12-hex verification code (licences.verify_code). */
const LICENCE_CODE = /^[0-9A-Fa-f]{12}$/;
const DEPOSIT_NO = new RegExp(CERT_NO_PATTERN);
const CAPTURE_NO = new RegExp(CAPTURE_CERT_NO_PATTERN);

/** A licence certificate's public page: what the certificate itself shows, nothing more. */
function LicenceResult({ code }: { code: string }) {
  const { data, isLoading, isError, error } = useCustom<LicenceCheck>({
    url: '/api/order/licence/verify',
    method: 'get',
    config: { query: { code } },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  if (isLoading) return <Skeleton active />;
  const v = data?.data;
  if (isError || !v) return <Result status="warning" title="未找到该授权证书" subTitle={error?.message} />;
  return (
    <>
      <Result status="success" title="授权证书有效" subTitle="该素材授权真实有效" />
      <Descriptions bordered column={1} size="small">
        <Descriptions.Item label="验证码">{code.toUpperCase()}</Descriptions.Item>
        <Descriptions.Item label="被授权方">{v.licenseeName}</Descriptions.Item>
        <Descriptions.Item label="授权素材">{v.title}</Descriptions.Item>
        <Descriptions.Item label="授权场景">{v.scenarioName}</Descriptions.Item>
        <Descriptions.Item label="授权级别">{v.levelName}</Descriptions.Item>
        <Descriptions.Item label="订单编号">{v.orderNo}</Descriptions.Item>
        <Descriptions.Item label="授权日期">{formatDateTime(v.date)}</Descriptions.Item>
      </Descriptions>
    </>
  );
}

/**
 * /certifiy/:id? — looks up any certificate by its number or code (the QR codes point here):
 * deposit certificates go to their page, licence certificates show here; below, the offline
 * receipt verifier.
 */
export default function CertifyPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [input, setInput] = useState(id ?? '');
  if (id && DEPOSIT_NO.test(id)) return <Navigate to={`/certifiy/copyright/deposit/${id}`} replace />;
  return (
    <Space
      direction="vertical"
      size={24}
      style={{ width: '100%', maxWidth: 900, margin: '24px auto', display: 'flex' }}
    >
      <Card title="证书查验">
        <Input.Search
          placeholder="输入存证证书编号（LM 开头）、取证证书编号（WC/SR 开头）或授权证书验证码"
          enterButton="查验"
          value={input}
          onChange={(e) => setInput(e.target.value.trim())}
          onSearch={(v) => v && navigate(`/certifiy/${encodeURIComponent(v.trim())}`)}
          style={{ marginBottom: 24 }}
        />
        {!id ? (
          <Alert
            type="info"
            showIcon
            message="可查验平台出具的存证证书与素材授权证书；存证证书还可用下方回执离线验证"
          />
        ) : LICENCE_CODE.test(id) ? (
          <LicenceResult code={id} />
        ) : CAPTURE_NO.test(id) ? (
          <CaptureCertificate certNo={id} />
        ) : (
          <Result
            status="warning"
            title="证书编号格式不正确"
            subTitle="存证证书编号以 LM 开头，授权证书验证码为 12 位字母数字"
          />
        )}
      </Card>
      <Card title="内容凭证查验">
        <CredentialsVerifier />
      </Card>
      <ReceiptVerifier />
    </Space>
  );
}
