import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Empty, Popconfirm, Result, Space, Table, Tag, Typography } from 'antd';
import { renderCell } from '../../../resources/views/cells';
import { SchemaFormModal } from '../../../components/schema-form/SchemaFormModal';
import { useUser } from '../../../components/user/UserContext';
import { usePageData } from '../use-page-data';
import {
  createSubAccount,
  decideApproval,
  listApprovals,
  listCompanyOrders,
  listSubAccounts,
  moveSubAccount,
  updateSubAccount,
  type Approval,
  type CompanyOrder,
  type SubAccount,
} from './sub-accounts-api';
import { LoadFailed } from '../../../components/feedback/LoadFailed';
import { PageDataState } from '../PageDataState';

const ROLE = { buyer: '采购员', viewer: '查看者' };
const loadSubAccounts = async () => {
  const [subs, approvals] = await Promise.all([listSubAccounts(), listApprovals()]);
  return { subs, approvals };
};

/** /account/subsidiaryList: the company admin's sub-accounts, their over-limit approvals and every sub-account order. */
export default function SubsidiaryPage() {
  const { user } = useUser();
  if (user && (user.ownerType !== 'ORGANISATIONS' || user.parentId))
    return (
      <Result
        status="info"
        title="子账号管理仅对企业主账号开放"
        subTitle="完成企业实名认证后，企业主账号可添加子账号并为其分配每月额度。"
        extra={
          <Link to="/account/verify/company">
            <Button type="primary">去企业认证</Button>
          </Link>
        }
      />
    );
  return <SubAccounts />;
}

function SubAccounts() {
  const { data, error, version: ordersKey, load, run, message } = usePageData(loadSubAccounts);
  const [editing, setEditing] = useState<SubAccount | 'new' | null>(null);
  const subs = data?.subs ?? null;
  const approvals = data?.approvals ?? [];

  if (error) return <PageDataState what="子账号" error={error} retry={() => void load()} />;
  return (
    <>
      {approvals.length > 0 && (
        <Card
          title={
            <>
              待审批采购 <Tag color="orange">{approvals.length}</Tag>
            </>
          }
          style={{ marginBottom: 16 }}
          data-testid="sub-approvals"
        >
          <Table<Approval>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={approvals}
            columns={[
              { title: '子账号', dataIndex: 'subName' },
              { title: '订单号', dataIndex: 'orderNo' },
              { title: '金额', dataIndex: 'amountCents', align: 'right', render: (v) => renderCell('money', v) },
              { title: '提交时间', dataIndex: 'createdAt', render: (v) => renderCell('datetime', v) },
              {
                title: '操作',
                key: 'op',
                render: (_, a) => (
                  <Space>
                    <Popconfirm
                      title={`批准后将从企业钱包支付 ${renderCell('money', a.amountCents)}`}
                      onConfirm={() => run(() => decideApproval(a.id, true), '已批准并支付')}
                    >
                      <Button type="primary" size="small">
                        批准
                      </Button>
                    </Popconfirm>
                    <Button size="small" onClick={() => run(() => decideApproval(a.id, false), '已驳回')}>
                      驳回
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      )}
      <Card
        title="子账号管理"
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            添加子账号
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          子账号使用手机号短信登录，以企业名义购买授权并从企业钱包付款。采购员每月额度内直接付款，超出额度需您审批；查看者只能浏览企业授权。
        </Typography.Paragraph>
        <Table<SubAccount>
          rowKey="userId"
          loading={!subs}
          dataSource={subs ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description="还没有子账号" /> }}
          columns={[
            { title: '姓名', dataIndex: 'nickname' },
            { title: '手机号', dataIndex: 'phone' },
            { title: '角色', dataIndex: 'role', render: (v: SubAccount['role']) => ROLE[v] },
            {
              title: '本月已用 / 额度（元）',
              key: 'limit',
              render: (_, s) => `${(s.spentThisMonthCents / 100).toFixed(2)} / ${s.monthlyLimit.toFixed(2)}`,
            },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v) => (v === 'active' ? <Tag color="green">正常</Tag> : <Tag>已停用</Tag>),
            },
            {
              title: '操作',
              key: 'op',
              render: (_, s) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(s)}>
                    编辑
                  </Button>
                  {s.status === 'active' ? (
                    <Button size="small" onClick={() => run(() => moveSubAccount(s.userId, 'disable'), '已停用')}>
                      停用
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => run(() => moveSubAccount(s.userId, 'enable'), '已启用')}>
                      启用
                    </Button>
                  )}
                  <Popconfirm
                    title="删除后该子账号不能再登录，确定删除？"
                    onConfirm={() => run(() => moveSubAccount(s.userId, 'delete'), '已删除')}
                  >
                    <Button size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <CompanyOrders key={ordersKey} />
      <SchemaFormModal
        open={editing !== null}
        schemaId="lumen:forms/sub-account"
        title={editing === 'new' ? '添加子账号' : '编辑子账号'}
        okText="保存"
        initialData={
          editing && editing !== 'new'
            ? {
                phone: editing.phone,
                nickname: editing.nickname,
                role: editing.role,
                monthlyLimit: editing.monthlyLimit,
              }
            : undefined
        }
        onCancel={() => setEditing(null)}
        onSubmit={async (form) => {
          if (editing === 'new') await createSubAccount(form);
          else if (editing) await updateSubAccount(editing.userId, form);
          setEditing(null);
          message.success('已保存');
          await load();
        }}
      />
    </>
  );
}

function CompanyOrders() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: CompanyOrder[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listCompanyOrders(page, 10).then(setData, (e: Error) => setError(e.message));
  }, [page]);
  return (
    <Card title="企业订单（含子账号）" style={{ marginTop: 16 }}>
      {error && <LoadFailed what="订单" error={error} />}
      <Table<CompanyOrder>
        rowKey="id"
        loading={!data && !error}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无订单" /> }}
        pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '下单人', dataIndex: 'buyerName' },
          { title: '被授权方', dataIndex: 'licenseeName' },
          { title: '金额', dataIndex: 'amountCents', align: 'right', render: (v) => renderCell('money', v) },
          { title: '状态', dataIndex: 'status', render: (v) => renderCell('status:order', v) },
          { title: '下单时间', dataIndex: 'createdAt', render: (v) => renderCell('datetime', v) },
        ]}
      />
    </Card>
  );
}
