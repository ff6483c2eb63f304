import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Image,
  Segmented,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import { enumOptions, renderCell } from '../../resources/views/cells';
import { labelOf } from '../../resources/registry';
import { SchemaFormModal } from '../../components/schema-form/SchemaFormModal';
import { AUTH_LEVEL_NAMES } from '../account/verify/verify-api';
import {
  approveCertification,
  certificationImageUrl,
  getCertification,
  listCertifications,
  rejectCertification,
  type StaffCertification,
} from './certifications-api';
import { StaffGate } from './StaffGate';
import { useStaffList } from './use-staff-list';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const PAGE_SIZE = 20;
/** A certificate code's name from whichever of the three certificate tables holds it. */
const certificateName = (code: string) =>
  ['personal-certificate', 'organisation-certificate', 'non-organisation-certificate']
    .flatMap(enumOptions)
    .find((o) => o.value === code)?.label ?? code;
const IMAGE_NAMES: Record<string, string> = { frontImage: '证件正面', backImage: '证件背面', licenseImage: '证照' };

/** /admin/certifications: staff review real-name certifications; approval sets the account's authorization level. */
export default function CertificationsPage() {
  return (
    <StaffGate area="实名审核">
      <CertificationQueue />
    </StaffGate>
  );
}

function CertificationQueue() {
  const { status, setStatus, page, setPage, data, loading, error, load } = useStaffList<number, StaffCertification>(
    0,
    (s, p) => listCertifications(s, p, PAGE_SIZE),
  );
  const [open, setOpen] = useState<number | null>(null);
  // The last decision stays on screen (a toast is gone in 3 s while the list reloads under it).
  const [decided, setDecided] = useState<string | null>(null);
  return (
    <Card title="实名审核" style={{ margin: 16 }}>
      {decided && (
        <Alert
          type="success"
          showIcon
          closable
          message={decided}
          onClose={() => setDecided(null)}
          style={{ marginBottom: 12 }}
          data-testid="certification-decided"
        />
      )}
      <Typography.Paragraph type="secondary">
        核对证件照片与填写信息是否一致。个人认证通过后为个人授权；机构认证通过后账户成为企业账号，可授予企业授权，核实影视、游戏等用途资质后可授予企业加强授权。每次审核都记入操作日志。
      </Typography.Paragraph>
      <Segmented
        value={status}
        onChange={(v) => setStatus(v as number)}
        options={enumOptions('status:certification')}
        style={{ marginBottom: 16 }}
      />
      {error && <LoadFailed what="认证列表" error={error} retry={() => void load()} />}
      <Table<StaffCertification>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description={status === 0 ? '暂无待审核的实名认证' : '暂无记录'} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: '申请人',
            dataIndex: 'userName',
            render: (v, r) => `${v ?? `用户${r.userId}`}${r.userPhone ? `（${r.userPhone}）` : ''}`,
          },
          {
            title: '主体类型',
            dataIndex: 'certificateType',
            render: (v) => renderCell('enum:lumen:enums/certificate-type', v),
          },
          { title: '姓名 / 机构名称', dataIndex: 'subjectName' },
          { title: '证件', dataIndex: 'certificate', render: (v, r) => `${certificateName(v)} ${r.certificateNo}` },
          { title: '状态', dataIndex: 'status', render: (v) => renderCell('status:certification', v) },
          { title: '提交时间', dataIndex: 'createdAt', render: (v) => renderCell('datetime', v) },
          {
            title: '操作',
            key: 'op',
            render: (_, r) => (
              <Button size="small" type={r.status === 0 ? 'primary' : 'default'} onClick={() => setOpen(r.id)}>
                {r.status === 0 ? '审核' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      <CertificationDrawer
        id={open}
        onClose={() => setOpen(null)}
        onDecided={(text) => {
          setDecided(text);
          setOpen(null);
          void load();
        }}
      />
    </Card>
  );
}

function CertificationDrawer({
  id,
  onClose,
  onDecided,
}: {
  id: number | null;
  onClose: () => void;
  onDecided: (text: string) => void;
}) {
  const [c, setC] = useState<StaffCertification | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [images, setImages] = useState<Record<number, string>>({});
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  useEffect(() => {
    setC(null);
    setErr(null);
    setImages({});
    if (id === null) return;
    const urls: string[] = [];
    getCertification(id).then(
      async (row) => {
        setC(row);
        for (const img of row.images ?? []) {
          const url = await certificationImageUrl(id, img.n);
          urls.push(url);
          setImages((m) => ({ ...m, [img.n]: url }));
        }
      },
      (e: Error) => setErr(e.message),
    );
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, [id]);

  return (
    <Drawer open={id !== null} onClose={onClose} width={640} title="实名认证详情" destroyOnClose>
      {err && <LoadFailed what="认证详情" error={err} />}
      {!c && !err && <Skeleton active />}
      {c && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="申请人">
              {c.userName}
              {c.userPhone ? `（${c.userPhone}）` : ''} · 用户编号 {c.userId}
            </Descriptions.Item>
            <Descriptions.Item label="当前授权等级">
              {c.account ? AUTH_LEVEL_NAMES[c.account.authLevel] : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="主体类型">
              {renderCell('enum:lumen:enums/certificate-type', c.certificateType)}
            </Descriptions.Item>
            <Descriptions.Item label={c.certificateType === 2 ? '机构名称' : '真实姓名'}>
              {c.subjectName}
            </Descriptions.Item>
            {c.legalPerson && <Descriptions.Item label="法定代表人">{c.legalPerson}</Descriptions.Item>}
            <Descriptions.Item label="证件">{certificateName(c.certificate)}</Descriptions.Item>
            <Descriptions.Item label="证件号码（脱敏）">{c.certificateNo}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {renderCell('status:certification', c.status)}
              {c.authLevel && c.status === 1 ? ` · ${AUTH_LEVEL_NAMES[c.authLevel]}` : ''}
            </Descriptions.Item>
            {c.rejectReason && <Descriptions.Item label="驳回原因">{c.rejectReason}</Descriptions.Item>}
          </Descriptions>
          <Space wrap align="start" style={{ marginTop: 16, display: 'flex' }}>
            {(c.images ?? []).map((img) => (
              <div key={img.n}>
                <Typography.Text type="secondary">{IMAGE_NAMES[img.field] ?? img.field}</Typography.Text>
                <div>
                  {images[img.n] ? (
                    <Image src={images[img.n]} width={260} alt={IMAGE_NAMES[img.field]} />
                  ) : (
                    <Skeleton.Image active />
                  )}
                </div>
              </div>
            ))}
          </Space>
          {c.status === 0 && (
            <Space style={{ marginTop: 24, display: 'flex' }}>
              <Button type="primary" onClick={() => setDialog('approve')}>
                通过认证
              </Button>
              <Button danger onClick={() => setDialog('reject')}>
                驳回
              </Button>
            </Space>
          )}
          <SchemaFormModal
            open={dialog === 'approve'}
            schemaId="lumen:forms/certification-approve"
            title={labelOf('lumen:enums/audit-action', 'certification.approve')}
            okText="确认通过"
            initialData={{ authLevel: c.certificateType === 1 ? 'personal' : 'company' }}
            onCancel={() => setDialog(null)}
            onSubmit={async (form) => {
              await approveCertification(c.id, form);
              setDialog(null);
              onDecided(
                `已通过 ${c.subjectName} 的实名认证（${AUTH_LEVEL_NAMES[form.authLevel as keyof typeof AUTH_LEVEL_NAMES]}）`,
              );
            }}
          />
          <SchemaFormModal
            open={dialog === 'reject'}
            schemaId="lumen:forms/certification-reject"
            title={labelOf('lumen:enums/audit-action', 'certification.reject')}
            okText="确认驳回"
            danger
            onCancel={() => setDialog(null)}
            onSubmit={async (form) => {
              await rejectCertification(c.id, form);
              setDialog(null);
              onDecided(`已驳回 ${c.subjectName} 的实名认证`);
            }}
          />
        </>
      )}
    </Drawer>
  );
}
