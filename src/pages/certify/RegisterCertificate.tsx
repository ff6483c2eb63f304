import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCustom } from '@refinedev/core';
import { Alert, App, Button, Card, Descriptions, Input, Result, Skeleton } from 'antd';
import { formatDateTime } from '../../resources/views/cells';
import { labelOf } from '../../resources/registry';
import { download } from '../../dataProvider/axios';
import type { FromSchema } from '../../schemas/api/from-schema';
import type { issuedRegistrationSchema } from '../../schemas/api/protection-responses';

type Issued = FromSchema<typeof issuedRegistrationSchema>;

/** /certifiy/copyright/register/{id}: public check of an issued copyright / DCI registration and its certificate. */
export default function RegisterCertificate() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [input, setInput] = useState(id ?? '');
  const { data, isLoading, isError, error } = useCustom<Issued>({
    url: `/api/certify/register/${id}`,
    method: 'get',
    queryOptions: { enabled: !!id && /^\d+$/.test(id), retry: false },
    errorNotification: false,
  });
  const r = data?.data;
  const pdf = () =>
    download(`/api/certify/register/${id}/pdf`, undefined, `登记证书-${r?.registrationNo}.pdf`).catch((e: Error) =>
      message.error(e.message),
    );
  return (
    <Card title="版权登记证书查验" style={{ maxWidth: 900, margin: '24px auto' }}>
      <Input.Search
        placeholder="输入登记编号"
        enterButton="查验"
        value={input}
        onChange={(e) => setInput(e.target.value.trim())}
        onSearch={(v) => v && navigate(`/certifiy/copyright/register/${encodeURIComponent(v.trim())}`)}
        style={{ marginBottom: 24 }}
      />
      {!id ? (
        <Alert type="info" showIcon message="请输入登记编号进行查验" />
      ) : !/^\d+$/.test(id) ? (
        <Result status="warning" title="登记编号格式不正确" />
      ) : isLoading ? (
        <Skeleton active />
      ) : isError || !r ? (
        <Result status="warning" title="未找到该登记证书" subTitle={error?.message ?? '只有已发证的登记可以查验'} />
      ) : (
        <>
          <Result
            status="success"
            title={r.kind === 'dci' ? 'DCI 登记有效' : '作品登记有效'}
            subTitle={`${r.kind === 'dci' ? 'DCI 码' : '登记号'} ${r.registrationNo}`}
            extra={
              r.hasCertificate && (
                <Button type="primary" onClick={pdf} data-testid="certificate-pdf">
                  下载登记证书（PDF）
                </Button>
              )
            }
          />
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label={r.kind === 'dci' ? 'DCI 码' : '登记号'}>{r.registrationNo}</Descriptions.Item>
            <Descriptions.Item label="作品名称">{r.workName}</Descriptions.Item>
            <Descriptions.Item label="作品类别">{labelOf('work-category', r.workCategory)}</Descriptions.Item>
            <Descriptions.Item label="著作权人">{r.holder}</Descriptions.Item>
            <Descriptions.Item label="发证时间">{formatDateTime(r.issuedAt)}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Card>
  );
}
