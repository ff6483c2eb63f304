import { Link } from 'react-router-dom';
import { Button, Card, Col, Row, Skeleton, Space, Statistic, Steps, Typography } from 'antd';
import { formatMoney } from '../../resources/views/cells';
import { useLoad } from '../content/use-load';
import { fetchPlan } from './collective-api';

/** /copyrightPlan: what the collective plan is, its rule from the staff-edited schema, live figures, the way in. */
export default function CopyrightPlanPage() {
  const { data } = useLoad(fetchPlan, []);
  const rule = data?.rule;
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px' }}>
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        <Card style={{ background: 'linear-gradient(135deg, #e6f4ff, #f6ffed)' }}>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            集体版权计划
          </Typography.Title>
          <Typography.Paragraph style={{ fontSize: 16, maxWidth: 760 }}>
            把作品放入集体作品池，由平台以集体授权的方式统一许可给视频平台、媒体与企业，收入按规则分配给每一位成员。您无需逐一谈判授权，也能让作品持续产生收益。
          </Typography.Paragraph>
          <Link to="/cyprotect/mycollective">
            <Button type="primary" size="large" data-testid="plan-join">
              加入计划
            </Button>
          </Link>
        </Card>
        {!data ? (
          <Skeleton active />
        ) : (
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Card>
                <Statistic title="计划成员" value={data.members} suffix="位" />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card>
                <Statistic title="池内作品" value={data.works} suffix="件" />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card>
                <Statistic title="集体授权价格" value={formatMoney(rule!.poolPriceCents)} suffix="/年/平台" />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card>
                <Statistic title="累计池收入" value={formatMoney(data.revenueCents)} />
              </Card>
            </Col>
          </Row>
        )}
        <Card title="收益如何分配">
          <Typography.Paragraph>
            每一笔池收入先扣除 <b>{rule?.platformPercent ?? '-'}%</b>{' '}
            的平台服务费，余额按收入记录时各成员在池作品数的占比分配：
          </Typography.Paragraph>
          <Typography.Paragraph code style={{ fontSize: 15 }}>
            您的分成 = 池收入 × (1 − {rule ? rule.platformPercent / 100 : '-'}) × 您的在池作品数 ÷
            池内作品总数（精确到分，舍去不足 1 分的部分）
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            每位成员最多放入 {rule?.maxWorksPerMember ?? '-'} 件作品。申请退出后有 {rule?.noticeDays ?? '-'}{' '}
            天通知期，期间作品仍在池中并参与分配；期满后退出，可随时重新加入。
          </Typography.Paragraph>
        </Card>
        <Card title="参与步骤">
          <Steps
            current={-1}
            items={[
              { title: '成为创作者' },
              { title: '同意计划规则并加入' },
              { title: '选择入池作品' },
              { title: '按规则获得分成' },
            ]}
          />
        </Card>
      </Space>
    </div>
  );
}
