import { useState } from 'react';
import { App, Button, Input, Popconfirm, Space, Tag } from 'antd';
import { StatusTag } from '../../resources/views/cells';
import {
  cancelDeal,
  downloadContract,
  payDeal,
  sendSignCode,
  signDeal,
  answerOffer,
  type Deal,
} from './copyright-trading-api';

export const DealStatusTag = ({ d }: { d: Deal }) => <StatusTag table="copyright-deal" value={d.status} />;

/** Click-to-sign: an SMS code to the signer's phone, then the code; the second signature completes the deal. */
function SignButton({ d, onDone }: { d: Deal; onDone: () => void }) {
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const run = async (fn: () => Promise<unknown>, ok?: string) => {
    try {
      await fn();
      if (ok) message.success(ok);
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  if (!sent)
    return (
      <Button
        type="primary"
        size="small"
        onClick={() =>
          run(async () => {
            await sendSignCode(d.id);
            setSent(true);
          }, '验证码已发送到您的手机')
        }
      >
        签署合同
      </Button>
    );
  return (
    <Space.Compact size="small">
      <Input
        placeholder="短信验证码"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        style={{ width: 110 }}
        data-testid="sign-code"
      />
      <Button
        type="primary"
        onClick={() =>
          run(async () => {
            const r = await signDeal(d.id, code);
            message.success(r.completed ? '双方均已签署，交易完成' : '已签署，等待对方签署');
            onDone();
          })
        }
      >
        确认签署
      </Button>
    </Space.Compact>
  );
}

/** What the viewer may do with a deal now, as buyer or seller. */
export function DealActions({ d, role, onDone }: { d: Deal; role: 'buyer' | 'seller'; onDone: () => void }) {
  const { message } = App.useApp();
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      message.success(ok);
      onDone();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const mine = role === 'buyer' ? d.buyerSignedAt : d.sellerSignedAt;
  return (
    <Space wrap>
      {role === 'seller' && d.status === 'offered' && (
        <>
          <Button size="small" type="primary" onClick={() => act(() => answerOffer(d.id, true), '已接受出价')}>
            接受
          </Button>
          <Button size="small" onClick={() => act(() => answerOffer(d.id, false), '已拒绝出价')}>
            拒绝
          </Button>
        </>
      )}
      {role === 'buyer' && d.status === 'accepted' && (
        <Button size="small" type="primary" onClick={() => act(() => payDeal(d.id), '已付款，款项由平台托管')}>
          钱包付款
        </Button>
      )}
      {d.status === 'escrowed' && !mine && <SignButton d={d} onDone={onDone} />}
      {d.status === 'escrowed' && mine && <Tag>已签署，等待对方</Tag>}
      {['escrowed', 'completed'].includes(d.status) && (
        <Button size="small" onClick={() => void downloadContract(d.id).catch((e: Error) => message.error(e.message))}>
          合同
        </Button>
      )}
      {['offered', 'accepted', 'escrowed'].includes(d.status) && (
        <Popconfirm
          title="撤销这笔交易？已托管的款项将退回买家"
          onConfirm={() => act(() => cancelDeal(d.id), '交易已撤销')}
        >
          <Button size="small" danger>
            撤销
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
