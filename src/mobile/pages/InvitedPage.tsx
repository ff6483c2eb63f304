import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, ErrorBlock, List, Result, Tag } from 'antd-mobile';
import { get } from '../../dataProvider/axios';
import { useRemote } from '../../components/material/useRemote';
import { formatMoney } from '../../components/licence/money';
import { readTracked } from '../../components/login/registration';
import { getToken } from '../../lib/token';
import inviteeStatus from '../../schemas/status/invitee.json';
import ownerType from '../../schemas/enums/owner-type.json';
import { tableLabel } from '../../schemas/registry';
import type { FromSchema } from '../../schemas/api/from-schema';
import type { InviteInfo, invitedUserSchema } from '../../schemas/api/account-responses';
import { loginPath } from '../login-path';
import { Remote } from '../parts/Remote';

type Invitee = FromSchema<typeof invitedUserSchema>;

/** My invite figures and the friends who registered through my links (the desktop's 邀请记录). */
function MyInvites() {
  const info = useRemote(() => get<InviteInfo>('/api/user/invite'), []);
  const list = useRemote(
    () => get<{ list: Invitee[]; total: number }>('/api/user/invited/list', { page: 1, pageSize: 50 }),
    [],
  );
  return (
    <>
      <Remote state={info}>
        {(i) => (
          <List header="我的邀请">
            <List.Item extra={`${i.invited} 人`}>已邀请</List.Item>
            <List.Item extra={<span className="m-price">{formatMoney(i.rewardCents)}</span>}>累计奖励</List.Item>
            <List.Item description={<span style={{ wordBreak: 'break-all' }}>{i.link}</span>}>我的邀请链接</List.Item>
          </List>
        )}
      </Remote>
      <h3 className="m-section-title">邀请记录</h3>
      <Remote state={list}>
        {(r) =>
          r.list.length ? (
            <List>
              {r.list.map((u) => (
                <List.Item
                  key={u.id}
                  data-testid="m-invitee"
                  description={`${u.phone ?? ''} · ${tableLabel(ownerType, u.owner_type)} · ${new Date(u.created_at).toLocaleDateString('zh-CN')}`}
                  extra={u.reward_cents != null ? formatMoney(u.reward_cents) : undefined}
                >
                  {u.name}{' '}
                  <Tag color={u.status === 1 ? 'success' : 'default'}>{tableLabel(inviteeStatus, u.status)}</Tag>
                </List.Item>
              ))}
            </List>
          ) : (
            <ErrorBlock status="empty" title="还没有好友通过您的链接注册" description="把邀请链接分享给好友吧" />
          )
        }
      </Remote>
    </>
  );
}

/**
 * /invited?inviteId=: a friend's invite link opened on a phone. The inviteId is remembered for the
 * registration (readTracked, as on the desktop) and a visitor is asked to register; a logged-in
 * user sees their own invites.
 */
export default function InvitedPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const inviteId = params.get('inviteId');
  useEffect(() => void readTracked(`?${params.toString()}`), [params]);
  return (
    <div className="m-page" data-testid="m-invited">
      {getToken() ? (
        <MyInvites />
      ) : (
        <Result
          status="info"
          title={inviteId ? '好友邀请您加入流明素材' : '登录后查看邀请记录'}
          description={
            <>
              <p>正版视频、模板与图片素材，购买授权即可商用。用手机号注册后，邀请关系自动记录。</p>
              <Button block color="primary" size="large" onClick={() => navigate(loginPath('/invited'))}>
                {inviteId ? '注册 / 登录' : '登录'}
              </Button>
              <Button block style={{ marginTop: 8 }} onClick={() => navigate('/')}>
                先逛逛
              </Button>
            </>
          }
        />
      )}
    </div>
  );
}
