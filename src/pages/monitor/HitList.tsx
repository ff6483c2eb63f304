import { useState } from 'react';
import { Link } from 'react-router-dom';
import { App, Button, Card, Dropdown, Empty, Image, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { formatDateTime } from '../../resources/views/cells';
import { useLoad } from '../content/use-load';
import { HIT_STATUSES, TRIAGEABLE, TRIAGE_LABELS, type TriageAction } from '../../schemas/cyprotect/monitor';
import { downloadTakedown, fetchHits, fileUrl, triageHit, viewUrl, type MonitorHit } from './monitor-api';
import { LoadFailed } from '../../components/feedback/LoadFailed';
import { timeRangeText } from './time-range';

function SideBySide({ h }: { h: MonitorHit }) {
  const box = { width: 120, height: 80, objectFit: 'cover' as const, background: '#f5f5f5', borderRadius: 4 };
  return (
    <Space align="start" data-testid="side-by-side">
      <div>
        <Image src={fileUrl(h.work.cover) ?? undefined} alt="原作" style={box} fallback="" />
        <div>
          <Typography.Text type="secondary">原作</Typography.Text>
        </div>
      </div>
      <div>
        <Image src={fileUrl(h.thumb) ?? undefined} alt="疑似侵权" style={box} fallback="" />
        <div>
          <Typography.Text type="secondary">发现的使用</Typography.Text>
        </div>
      </div>
    </Space>
  );
}

/** One kind's hits with triage: the list behind /cyprotect/mymonitorimg and /cyprotect/mymonitorvideo. */
export function HitList({ kind }: { kind: 'image' | 'video' }) {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | undefined>();
  const [busy, setBusy] = useState<number | null>(null);
  const { data, error, loading, reload } = useLoad(() => fetchHits(kind, page, status), [kind, page, status]);

  const run = async (h: MonitorHit, action: TriageAction) => {
    setBusy(h.id);
    try {
      const r = await triageHit(h.id, action);
      if (action === 'takedown') {
        message.success('侵权通知函已生成');
        await downloadTakedown(h.id);
      } else if (action === 'offer') {
        modal.success({
          title: '补授权报价已生成',
          content: (
            <>
              <p>请将以下链接发送给对方网站运营者。对方登录并购买授权后，本记录将自动变为“持证使用”。</p>
              <Typography.Text copyable data-testid="offer-link">
                {r.link}
              </Typography.Text>
            </>
          ),
        });
      } else if (action === 'evidence') {
        message.success(`证据已固定，存证编号 ${r.certNo}`);
      } else message.success(`已${TRIAGE_LABELS[action]}`);
      await reload();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const confirm = (h: MonitorHit, action: TriageAction, text: string) =>
    modal.confirm({ title: TRIAGE_LABELS[action], content: text, onOk: () => run(h, action) });

  return (
    <Card
      title={kind === 'image' ? '图片监测结果' : '视频监测结果'}
      extra={
        <Space>
          <Select
            allowClear
            placeholder="全部状态"
            style={{ width: 150 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={HIT_STATUSES.map((s) => ({ value: s.const, label: s.title }))}
          />
          <Link to="/cyprotect/mymonitor">监测计划</Link>
        </Space>
      }
    >
      {error && <LoadFailed error={error} retry={() => void reload()} />}
      <Table<MonitorHit>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        data-testid={`hits-${kind}`}
        pagination={{ current: page, total: data?.total ?? 0, pageSize: 10, onChange: setPage, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description="暂无监测命中" /> }}
        columns={[
          { title: '原作 / 发现的使用', key: 'img', render: (_, h) => <SideBySide h={h} /> },
          {
            title: '作品',
            key: 'work',
            render: (_, h) => (
              <Space direction="vertical" size={0}>
                <span>{h.work.title}</span>
                <Typography.Text type="secondary">#{h.workId}</Typography.Text>
              </Space>
            ),
          },
          {
            title: '相似度',
            dataIndex: 'similarity',
            render: (v: number, h) => (
              <Tooltip title={`汉明距离 ${h.distance}/256`}>
                <b>{Math.round(v * 100)}%</b>
              </Tooltip>
            ),
          },
          ...(kind === 'video'
            ? [
                {
                  title: '匹配片段',
                  key: 'range',
                  render: (_: unknown, h: MonitorHit) =>
                    h.timeRange ? <span data-testid="time-range">{timeRangeText(h.timeRange)}</span> : '—',
                },
              ]
            : []),
          {
            title: '页面',
            key: 'page',
            render: (_, h) => (
              <Space direction="vertical" size={0}>
                <a href={viewUrl(h.pageUrl)} target="_blank" rel="noreferrer">
                  {h.host}
                </a>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                  {h.pageUrl}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: '首次 / 最近发现',
            key: 'seen',
            render: (_, h) => (
              <Space direction="vertical" size={0}>
                <span>{formatDateTime(h.firstSeenAt)}</span>
                <Typography.Text type="secondary">{formatDateTime(h.lastSeenAt)}</Typography.Text>
              </Space>
            ),
          },
          {
            title: '状态',
            key: 'status',
            render: (_, h) => {
              const s = HIT_STATUSES.find((x) => x.const === h.status);
              return (
                <Space direction="vertical" size={0}>
                  <Tag color={s?.['x-color']} data-testid="hit-status">
                    {s?.title ?? h.status}
                  </Tag>
                  {h.licence && <Typography.Text type="secondary">授权：{h.licence.licenseeName}</Typography.Text>}
                  {h.status === 'offered' && h.offerToken && (
                    <Link to={`/licence-offer/${h.offerToken}`} target="_blank" data-testid="offer-page">
                      查看报价页
                    </Link>
                  )}
                  {h.evidence && <Typography.Text type="secondary">已取证 {h.evidence.certNo}</Typography.Text>}
                </Space>
              );
            },
          },
          {
            title: '处理',
            key: 'act',
            render: (_, h) => {
              const open = TRIAGEABLE.includes(h.status);
              return (
                <Space wrap size={4}>
                  {h.status === 'pending' && (
                    <Button size="small" onClick={() => run(h, 'approve')} loading={busy === h.id}>
                      确认授权
                    </Button>
                  )}
                  {open && (
                    <Button
                      size="small"
                      type="primary"
                      danger
                      onClick={() =>
                        confirm(h, 'takedown', '将生成附带存证证书编号的侵权通知函（PDF），并把记录标记为已发送。')
                      }
                      data-testid="send-takedown"
                    >
                      发侵权通知
                    </Button>
                  )}
                  {open && (
                    <Button
                      size="small"
                      onClick={() => confirm(h, 'offer', '将生成补授权报价链接，对方付款后视为正版使用。')}
                      data-testid="offer-licence"
                    >
                      提供补授权
                    </Button>
                  )}
                  {h.hasTakedown && (
                    <Button size="small" type="link" onClick={() => downloadTakedown(h.id)}>
                      下载通知函
                    </Button>
                  )}
                  <Dropdown
                    menu={{
                      items: [
                        { key: 'evidence', label: '固定证据' },
                        ...(open
                          ? [
                              { key: 'not_mine', label: '不是我的作品' },
                              { key: 'ignore', label: '忽略' },
                            ]
                          : []),
                      ],
                      onClick: ({ key }) => run(h, key as TriageAction),
                    }}
                  >
                    <Button size="small">更多</Button>
                  </Dropdown>
                </Space>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
