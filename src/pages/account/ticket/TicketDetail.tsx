import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import type { InvoiceDetail } from '../../../schemas/api/invoice';
import { useSchemas } from '../../../hooks/use-schema';
import { formatDateTime, formatMoney, renderCell, StatusTag } from '../../../resources/views/cells';
import { DownloadButton } from '../../../components/licence/download-button';
import { fetchInvoiceDetail } from './invoice-api';
import { InvoiceLines } from './InvoiceLines';

/**
 * /account/ticket/detail?id=… — one invoice request: title, type, rate, the orders it covers, the
 * amount split into net and tax; once issued its number and the 电子发票 PDF, once refused the reason.
 * ?kind=service opens a copyright-service invoice, ?kind=image an image-package one.
 */
const API_PATHS: Record<string, string> = { service: 'user/service-invoice', image: 'user/image-invoice' };
export default function TicketDetail() {
  useSchemas(['lumen:status/invoice', 'lumen:enums/invoice-type', 'lumen:enums/tax-rate']);
  const [params] = useSearchParams();
  const id = params.get('id');
  const apiPath = API_PATHS[params.get('kind') ?? ''] ?? 'user/invoice';
  const [data, setData] = useState<InvoiceDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!id) return;
    setError(null);
    setData(null);
    try {
      setData(await fetchInvoiceDetail(id, apiPath));
    } catch (e) {
      setError((e as Error).message || '加载失败');
    }
  }, [id, apiPath]);
  useEffect(() => {
    void load();
  }, [load]);

  const back = <Link to="/account/ticket">返回发票管理</Link>;
  if (!id || !/^\d+$/.test(id))
    return <Result status="404" title="未指定发票" subTitle="请从发票管理列表打开发票详情" extra={back} />;
  if (error)
    return (
      <Result
        status="error"
        title="发票加载失败"
        subTitle={error}
        extra={
          <Space>
            <Button onClick={() => void load()}>重试</Button>
            {back}
          </Space>
        }
      />
    );
  if (!data)
    return (
      <Card style={{ margin: 16 }}>
        <Skeleton active />
      </Card>
    );

  return (
    <Card title={`发票详情 #${data.id}`} extra={back} style={{ margin: 16 }} data-testid="invoice-detail">
      {data.status === 0 && (
        <Alert
          type="info"
          showIcon
          message="开票申请已提交，等待开具；开具后可在此下载电子发票。"
          style={{ marginBottom: 16 }}
        />
      )}
      {data.status === 3 && (
        <Alert
          type="error"
          showIcon
          message={`开票申请被驳回：${data.refuseReason ?? ''}`}
          description="所选订单已释放，可修改信息后重新申请。"
          style={{ marginBottom: 16 }}
        />
      )}
      {data.status === 1 && (
        <Alert
          type="success"
          showIcon
          message={`电子发票已开具，发票号码 ${data.invoiceNo}`}
          action={
            <DownloadButton
              url={`/api/${apiPath}/${data.id}/pdf`}
              label="下载电子发票（PDF）"
              fallbackName={`电子发票-${data.invoiceNo}.pdf`}
            />
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="状态">
          <StatusTag table="invoice" value={data.status} />
        </Descriptions.Item>
        <Descriptions.Item label="发票类型">{renderCell('enum:invoice-type', data.invoiceType)}</Descriptions.Item>
        <Descriptions.Item label="发票抬头">{data.title}</Descriptions.Item>
        <Descriptions.Item label="纳税人识别号">{data.taxId ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="税率">{renderCell('enum:tax-rate', data.taxRate)}</Descriptions.Item>
        <Descriptions.Item label="接收邮箱">{data.email ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="金额（不含税）">{formatMoney(data.netCents)}</Descriptions.Item>
        <Descriptions.Item label="税额">{formatMoney(data.taxCents)}</Descriptions.Item>
        <Descriptions.Item label="价税合计">
          <Typography.Text strong>{formatMoney(data.amountCents)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="申请时间">{formatDateTime(data.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="发票号码">{data.invoiceNo ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="开票时间">{data.issuedAt ? formatDateTime(data.issuedAt) : '-'}</Descriptions.Item>
        {data.remark && (
          <Descriptions.Item label="备注" span={2}>
            {data.remark}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        开票订单
      </Typography.Title>
      <InvoiceLines lines={data.lines} />
    </Card>
  );
}
