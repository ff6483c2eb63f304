import { useCustom } from '@refinedev/core';
import { Descriptions, Result, Skeleton, Table, Typography } from 'antd';
import { formatDateTime } from '../../resources/views/cells';
import type { CaptureVerification } from '../../schemas/api/web-capture';

/** A web-page / screen-recording evidence certificate's public check: what the certificate attests. */
export default function CaptureCertificate({ certNo }: { certNo: string }) {
  const { data, isLoading, isError, error } = useCustom<CaptureVerification>({
    url: `/api/protection/captures/verify/${certNo}`,
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
  });
  if (isLoading) return <Skeleton active />;
  const v = data?.data;
  if (isError || !v) return <Result status="warning" title="未找到该取证证书" subTitle={error?.message} />;
  return (
    <div data-testid="capture-verify">
      <Result
        status="success"
        title={`${v.kind === 'screen' ? '录屏' : '网页'}取证证书有效`}
        subTitle="证据包清单的哈希已写入流明素材默克尔存证日志"
      />
      <Descriptions bordered column={1} size="small">
        <Descriptions.Item label="证书编号">{v.certNo}</Descriptions.Item>
        <Descriptions.Item label="取证网址">
          {v.urls.map((u) => (
            <div key={u}>{u}</div>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label="清单哈希（SHA-256）">
          <Typography.Text code copyable>
            {v.manifestSha256}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="日志叶子序号">{v.logIndex}</Descriptions.Item>
        <Descriptions.Item label="叶子哈希">
          <Typography.Text code style={{ fontSize: 11 }}>
            {v.leafHash}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="取证完成时间">{formatDateTime(v.capturedAt)}</Descriptions.Item>
        <Descriptions.Item label="可信时间（TSA）">{v.tsaTime ? formatDateTime(v.tsaTime) : '-'}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        持有证据包者可计算 manifest.json 的 SHA-256 与上方清单哈希比对，再逐一比对下列文件哈希。
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={v.artefacts}
        columns={[
          { title: '文件', dataIndex: 'name' },
          {
            title: 'SHA-256',
            dataIndex: 'sha256',
            render: (h) => (
              <Typography.Text code style={{ fontSize: 11 }}>
                {h}
              </Typography.Text>
            ),
          },
        ]}
      />
    </div>
  );
}
