import { useState } from 'react';
import { Link } from 'react-router-dom';
import { App, Button, Popconfirm, Space } from 'antd';
import { SchemaFormModal } from '../../components/schema-form/SchemaFormModal';
import { useUser } from '../../components/user/UserContext';
import { formatMoney } from '../../resources/views/cells';
import {
  acceptDelivery,
  cancelDemand,
  deliverTo,
  disputeDemand,
  fetchMyWorks,
  respondTo,
  type Demand,
  type DemandResponse,
  type MyWork,
} from './community-api';

type Modal = 'respond' | 'deliver' | 'dispute' | null;

/** The works choice of a form narrowed to the creator's own works (of one type when given). */
function withWorks(schema: Record<string, any>, works: MyWork[], type?: number) {
  const list = works.filter((w) => type === undefined || w.type === type);
  return {
    ...schema,
    properties: {
      ...schema.properties,
      materialId: {
        ...schema.properties.materialId,
        ...(list.length ? { oneOf: list.map((w) => ({ const: w.id, title: `${w.title}（#${w.id}）` })) } : {}),
      },
    },
  };
}

/** What the viewer may do with a demand now: the buyer, the picked creator, or another creator. */
export function DemandActions({
  d,
  responses,
  onDone,
}: {
  d: Demand;
  responses: DemandResponse[];
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const { user, refresh } = useUser();
  const [modal, setModal] = useState<Modal>(null);
  const [works, setWorks] = useState<MyWork[]>([]);
  if (!user) return null;
  const isBuyer = user.id === d.buyerId;
  const isPicked = user.id === d.pickedCreatorId;
  const responded = responses.some((r) => r.creatorId === user.id);
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      message.success(ok);
      await refresh();
      onDone();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const open = async (m: Modal) => {
    if (m !== 'dispute') {
      try {
        setWorks(await fetchMyWorks());
      } catch (e) {
        message.error((e as Error).message);
        return;
      }
    }
    setModal(m);
  };
  const done = async (ok: string) => {
    message.success(ok);
    setModal(null);
    await refresh();
    onDone();
  };
  return (
    <>
      <Space wrap data-testid="demand-actions">
        {isBuyer && d.status === 'open' && (
          <Popconfirm
            title={d.mode === 'bounty' ? `取消后赏金 ${formatMoney(d.priceCents)} 退回钱包` : '确定取消该需求？'}
            onConfirm={() => act(() => cancelDemand(d.id), '需求已取消')}
          >
            <Button danger>取消需求</Button>
          </Popconfirm>
        )}
        {isBuyer && d.status === 'delivered' && (
          <Popconfirm
            title={`验收后 ${formatMoney(d.priceCents)} 将支付给创作者`}
            onConfirm={() => act(() => acceptDelivery(d.id), '已验收：款项已支付给创作者，授权已发放')}
          >
            <Button type="primary" data-testid="accept-delivery">
              验收并付款
            </Button>
          </Popconfirm>
        )}
        {isBuyer && d.status === 'completed' && d.deliveredMaterialId && (
          <Link to="/account/authrecord">
            <Button>查看我的授权</Button>
          </Link>
        )}
        {isPicked && d.status === 'in_progress' && (
          <Button type="primary" onClick={() => void open('deliver')} data-testid="deliver">
            交付作品
          </Button>
        )}
        {(isBuyer || isPicked) && ['in_progress', 'delivered'].includes(d.status) && (
          <Button onClick={() => void open('dispute')}>申请仲裁</Button>
        )}
        {!isBuyer && d.status === 'open' && !responded && (
          <Button type="primary" onClick={() => void open('respond')} data-testid="respond">
            响应需求
          </Button>
        )}
        {!isBuyer && responded && d.status === 'open' && <Button disabled>已响应，等待需求方选择</Button>}
      </Space>
      <SchemaFormModal
        open={modal === 'respond'}
        title="响应需求"
        schemaId="lumen:forms/community-response"
        okText="提交响应"
        onCancel={() => setModal(null)}
        narrow={(s) => {
          const n = withWorks(s, works);
          if (d.mode === 'bounty') {
            const { price: _p, ...props } = n.properties;
            return { ...n, properties: props };
          }
          return {
            ...n,
            properties: {
              ...n.properties,
              price: {
                ...n.properties.price,
                maximum: d.budgetCents / 100,
                description: `不超过预算 ${formatMoney(d.budgetCents)}`,
              },
            },
          };
        }}
        onSubmit={async (form) => {
          await respondTo(d.id, form);
          await done('已提交响应，等待需求方选择');
        }}
      />
      <SchemaFormModal
        open={modal === 'deliver'}
        title="交付作品"
        schemaId="lumen:forms/community-delivery"
        okText="确认交付"
        initialData={{ materialId: responses.find((r) => r.id === d.pickedResponseId)?.materialId ?? undefined }}
        onCancel={() => setModal(null)}
        narrow={(s) => withWorks(s, works, d.materialType)}
        onSubmit={async (form) => {
          await deliverTo(d.id, form);
          await done('已交付，等待需求方验收');
        }}
      />
      <SchemaFormModal
        open={modal === 'dispute'}
        title="申请平台仲裁"
        schemaId="lumen:forms/community-dispute"
        okText="提交仲裁"
        danger
        onCancel={() => setModal(null)}
        onSubmit={async (form) => {
          await disputeDemand(d.id, form);
          await done('已提交平台仲裁');
        }}
      />
    </>
  );
}
