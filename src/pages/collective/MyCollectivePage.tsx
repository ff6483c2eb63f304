import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import { SchemaFormBody } from '../../components/schema-form/SchemaFormModal';
import { formatDateTime, formatMoney } from '../../resources/views/cells';
import { useLoad } from '../content/use-load';
import { cancelLeave, fetchMine, joinPlan, leavePlan, savePoolWorks, type MyCollective } from './collective-api';
import { TYPE_LABELS } from '../../components/material/format';
import { LoadFailed } from '../../components/feedback/LoadFailed';

function PoolWorks({ me, onSaved }: { me: MyCollective; onSaved: () => void }) {
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSelected(me.works.filter((w) => w.inPool).map((w) => w.id)), [me]);
  const locked = !!me.member?.leavesAt;
  const save = async () => {
    setBusy(true);
    try {
      const r = await savePoolWorks(selected);
      message.success(`已更新入池作品（${r.count} 件）`);
      onSaved();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      title="入池作品"
      extra={
        <Button type="primary" onClick={save} loading={busy} disabled={locked} data-testid="save-pool">
          保存选择（{selected.length}/{me.rule.maxWorksPerMember}）
        </Button>
      }
    >
      {locked && <Alert type="info" showIcon message="退出通知期内不能调整入池作品" style={{ marginBottom: 12 }} />}
      <Table
        rowKey="id"
        size="small"
        dataSource={me.works}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{
          emptyText: (
            <Empty
              description={
                <>
                  暂无审核通过的作品，<Link to="/creator/upload">去上传</Link>
                </>
              }
            />
          ),
        }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: () => ({ disabled: locked }),
        }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 90 },
          { title: '作品', dataIndex: 'title' },
          { title: '类型', dataIndex: 'type', render: (t) => TYPE_LABELS[t] },
        ]}
      />
    </Card>
  );
}

/** /cyprotect/mycollective: join the collective plan, choose pool works, see shares, leave with notice. */
export default function MyCollectivePage() {
  const { message } = App.useApp();
  const { data: me, error, loading, reload } = useLoad(fetchMine, []);
  if (loading && !me) return <Skeleton active />;
  if (error) return <LoadFailed error={error} retry={() => void reload()} />;
  if (!me) return null;
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      message.success(done);
      await reload();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  if (!me.member?.active)
    return (
      <Card title="集体版权计划">
        {!me.creator ? (
          <Result
            status="info"
            title="成为创作者后即可加入集体版权计划"
            extra={
              <Link to="/signCreator">
                <Button type="primary">成为创作者</Button>
              </Link>
            }
          />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>
              加入后，您选择的作品将由平台以集体授权方式许可给合作平台。每笔池收入扣除 {me.rule.platformPercent}%
              平台服务费后，按在池作品数占比分配给成员；退出需 {me.rule.noticeDays} 天通知期。
              <Link to="/copyrightPlan">查看计划介绍</Link>
            </Typography.Paragraph>
            {me.member && (
              <Alert
                type="info"
                showIcon
                message={`您已于 ${formatDateTime(me.member.leavesAt)} 退出计划，可重新加入`}
              />
            )}
            <div data-testid="collective-join">
              <SchemaFormBody
                schemaId="lumen:forms/collective-join"
                okText="加入计划"
                onSubmit={async (f) => {
                  await joinPlan(f);
                  message.success('已加入集体版权计划');
                  await reload();
                }}
              />
            </div>
          </Space>
        )}
      </Card>
    );

  const m = me.member;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="集体版权计划"
        extra={
          m.leavesAt ? (
            <Button onClick={() => act(cancelLeave, '已撤销退出申请')}>撤销退出</Button>
          ) : (
            <Popconfirm
              title={`退出需 ${me.rule.noticeDays} 天通知期，期间作品仍参与分配。确定申请退出？`}
              onConfirm={() => act(leavePlan, '已提交退出申请')}
            >
              <Button danger>申请退出</Button>
            </Popconfirm>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="加入时间">{formatDateTime(m.joinedAt)}</Descriptions.Item>
          <Descriptions.Item label="状态">
            {m.leavesAt ? `通知期中，${formatDateTime(m.leavesAt)} 退出` : '计划成员'}
          </Descriptions.Item>
          <Descriptions.Item label="累计分成">
            <Typography.Text strong data-testid="total-share">
              {formatMoney(me.totalShareCents)}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <PoolWorks me={me} onSaved={() => void reload()} />
      <Card title="分成记录">
        <Table
          rowKey="revenueId"
          size="small"
          dataSource={me.shares}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description="暂无分成" /> }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', render: formatDateTime },
            { title: '被授权平台', dataIndex: 'licensee' },
            { title: '池收入', dataIndex: 'revenueCents', render: formatMoney },
            { title: '您的作品 / 池内作品', key: 'w', render: (_, s) => `${s.works} / ${s.totalWorks}` },
            {
              title: '您的分成',
              dataIndex: 'amountCents',
              render: (v) => <Typography.Text strong>{formatMoney(v)}</Typography.Text>,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
