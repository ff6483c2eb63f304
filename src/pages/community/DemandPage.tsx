import { Link, useParams } from 'react-router-dom';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  List,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Steps,
  Tag,
  Typography,
} from 'antd';
import { useSchemas } from '../../hooks/use-schema';
import { useUser } from '../../components/user/UserContext';
import { formatDateTime, formatMoney } from '../../resources/views/cells';
import { useLoad } from '../content/use-load';
import { fetchDemand, pickResponse } from './community-api';
import { CommunityPage } from './CommunityNav';
import { DemandActions } from './DemandActions';
import { DEMAND_SCHEMAS, DemandStatusTag, ModeTag, materialTypeLabel, moneyLine, scenarioLabel } from './demand-bits';
import { enumLabel } from '../../schemas/registry';

const STEP_OF: Record<string, number> = { open: 0, in_progress: 1, delivered: 2, completed: 3, disputed: 2 };

/** /community/demands/:id: a demand, its responses and what the viewer may do (respond, pick, deliver, accept, dispute). */
export default function DemandPage() {
  const id = Number(useParams().id);
  const { message } = App.useApp();
  const { user, refresh } = useUser();
  const schemasLoading = useSchemas(DEMAND_SCHEMAS);
  const { data: d, error, loading, reload } = useLoad(() => fetchDemand(id), [id, user?.id]);
  if ((loading && !d) || schemasLoading)
    return (
      <CommunityPage>
        <Card>
          <Skeleton active />
        </Card>
      </CommunityPage>
    );
  if (error || !d)
    return (
      <CommunityPage>
        <Result
          status={error?.code === 404 ? '404' : 'error'}
          title={error?.message ?? '需求不存在'}
          extra={
            <Link to="/community/demands">
              <Button>返回需求大厅</Button>
            </Link>
          }
        />
      </CommunityPage>
    );
  const isBuyer = user?.id === d.buyerId;
  const pick = async (responseId: number) => {
    try {
      await pickResponse(d.id, responseId);
      message.success('已选定创作者，款项由平台托管');
      await refresh();
      await reload();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <CommunityPage>
      <Card
        title={
          <Space>
            <ModeTag mode={d.mode} />
            {d.title}
            <DemandStatusTag status={d.status} />
          </Space>
        }
        data-testid="demand-detail"
      >
        {!['cancelled', 'refunded'].includes(d.status) && (
          <Steps
            size="small"
            style={{ marginBottom: 16 }}
            current={STEP_OF[d.status]}
            status={d.status === 'disputed' ? 'error' : undefined}
            items={[
              { title: '征集响应' },
              { title: '创作中（款项托管）' },
              { title: d.status === 'disputed' ? enumLabel('lumen:status/community-demand', 'disputed') : '交付验收' },
              { title: '完成放款' },
            ]}
          />
        )}
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label="金额">{moneyLine(d)}</Descriptions.Item>
          <Descriptions.Item label="截止日期">{d.deadline}</Descriptions.Item>
          <Descriptions.Item label="素材类型">{materialTypeLabel(d.materialType)}</Descriptions.Item>
          <Descriptions.Item label="授权场景">{scenarioLabel(d.scenario)}</Descriptions.Item>
          <Descriptions.Item label="发布者">{d.buyerName}</Descriptions.Item>
          <Descriptions.Item label="发布时间">{formatDateTime(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="需求说明" span={2}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.description}</Typography.Paragraph>
          </Descriptions.Item>
          {d.deliveredMaterialId && (
            <Descriptions.Item label="交付作品" span={2}>
              <Link to={`/video/detail/${d.deliveredMaterialId}`}>作品 #{d.deliveredMaterialId}</Link>
              {d.deliveryNote ? ` · ${d.deliveryNote}` : ''}（{formatDateTime(d.deliveredAt)}）
            </Descriptions.Item>
          )}
          {d.disputeReason && (
            <Descriptions.Item label="争议说明" span={2}>
              {d.disputeReason}
            </Descriptions.Item>
          )}
          {d.resolution && (
            <Descriptions.Item label="仲裁结果" span={2}>
              {d.resolution}
            </Descriptions.Item>
          )}
        </Descriptions>
        {d.status === 'completed' && isBuyer && (
          <Alert
            style={{ marginTop: 16 }}
            type="success"
            showIcon
            message="已完成：款项已支付给创作者，交付作品的授权已发放到您的账户"
          />
        )}
        <div style={{ marginTop: 16 }}>
          <DemandActions d={d} responses={d.responses} onDone={() => void reload()} />
        </div>
      </Card>
      <Card title={`创作者响应（${d.responses.length}）`} style={{ marginTop: 16 }}>
        {d.responses.length ? (
          <List
            dataSource={d.responses}
            data-testid="responses"
            renderItem={(r) => (
              <List.Item
                actions={
                  isBuyer && d.status === 'open'
                    ? [
                        <Popconfirm
                          key="pick"
                          title={
                            d.mode === 'bid'
                              ? `选中后将从钱包托管报价 ${formatMoney(r.priceCents)}`
                              : '选中该创作者？赏金已托管，交付验收后支付'
                          }
                          onConfirm={() => void pick(r.id)}
                        >
                          <Button type="primary" size="small" data-testid={`pick-${r.id}`}>
                            选中
                          </Button>
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <Space>
                      <Link to={`/community/creator/${r.creatorId}`}>{r.creatorName}</Link>
                      {r.kind === 'work' ? <Tag>推荐作品</Tag> : <Tag>创作方案</Tag>}
                      {r.status === 'picked' && <Tag color="green">已选中</Tag>}
                      {r.priceCents && <Tag color="orange">报价 {formatMoney(r.priceCents)}</Tag>}
                    </Space>
                  }
                  description={
                    <>
                      {r.workTitle && (
                        <div>
                          作品：<Link to={`/video/detail/${r.materialId}`}>{r.workTitle}</Link>
                        </div>
                      )}
                      <div style={{ whiteSpace: 'pre-wrap' }}>{r.message}</div>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty description="还没有创作者响应" />
        )}
      </Card>
    </CommunityPage>
  );
}
