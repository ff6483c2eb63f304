import { Grid, List, Steps } from 'antd-mobile';
import { useRemote } from '../../components/material/useRemote';
import { formatMoney } from '../../components/licence/money';
import { fetchPlan } from '../../pages/collective/collective-api';
import { NextStep } from '../parts/ServiceSheet';
import { Remote } from '../parts/Remote';

/** /copyright/plan: the collective plan, its rule and live figures from the same call as the desktop's. */
export default function PlanPage() {
  const plan = useRemote(fetchPlan, []);
  return (
    <div className="m-page" data-testid="m-plan">
      <div className="m-hero">
        <h2 style={{ fontSize: 20, margin: '0 0 6px' }}>集体版权计划</h2>
        <p style={{ margin: 0, fontSize: 14, lineHeight: 1.6 }}>
          把作品放入集体作品池，由平台以集体授权的方式统一许可给视频平台、媒体与企业，收入按规则分配给每一位成员。
        </p>
      </div>
      <Remote state={plan}>
        {(d) => (
          <>
            <Grid columns={2} gap={8}>
              {[
                ['计划成员', `${d.members} 位`],
                ['池内作品', `${d.works} 件`],
                ['集体授权价格', `${formatMoney(d.rule.poolPriceCents)}/年/平台`],
                ['累计池收入', formatMoney(d.revenueCents)],
              ].map(([k, v]) => (
                <Grid.Item key={k} className="m-stat">
                  <div style={{ fontSize: 12, color: '#595959' }}>{k}</div>
                  <div style={{ fontSize: 16, fontWeight: 600 }} data-testid="m-plan-figure">
                    {v}
                  </div>
                </Grid.Item>
              ))}
            </Grid>
            <List header="收益如何分配">
              <List.Item>
                每一笔池收入先扣除 {d.rule.platformPercent}% 的平台服务费，余额按收入记录时各成员在池作品数的占比分配。
              </List.Item>
              <List.Item>
                每位成员最多放入 {d.rule.maxWorksPerMember} 件作品；申请退出后有 {d.rule.noticeDays}{' '}
                天通知期，期间作品仍在池中并参与分配。
              </List.Item>
            </List>
          </>
        )}
      </Remote>
      <h3 className="m-section-title">参与步骤</h3>
      <Steps direction="vertical" current={-1}>
        {['成为创作者', '同意计划规则并加入', '选择入池作品', '按规则获得分成'].map((t) => (
          <Steps.Step key={t} title={t} status="wait" />
        ))}
      </Steps>
      <NextStep start={{ label: '加入计划', to: '/cyprotect/mycollective' }} />
    </div>
  );
}
