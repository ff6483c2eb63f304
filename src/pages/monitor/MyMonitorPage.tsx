import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Progress,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { BuyServiceButton } from '../../components/service-orders/BuyServiceButton';
import { formatDateTime } from '../../resources/views/cells';
import { useLoad } from '../content/use-load';
import { MONITOR_FREQUENCIES, hitStatusLabel, type MonitorFrequency } from '../../schemas/cyprotect/monitor';
import { HitsChart } from './HitsChart';
import {
  addSource,
  addWork,
  fetchCandidates,
  fetchOverview,
  fileUrl,
  removeSource,
  removeWork,
  setFrequency,
  startScan,
  type MonitorOverview,
} from './monitor-api';
import { TYPE_LABELS } from '../../components/material/format';
import statusJob from '../../schemas/status/job.json';
import { tableLabel } from '../../schemas/registry';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const FP_STATE: Record<string, [string, string]> = {
  ready: ['已建立指纹', 'green'],
  failed: ['指纹失败', 'red'],
  pending: ['等待建立指纹', 'processing'],
};

function AddWorkButton({ onAdded, left }: { onAdded: () => void; left: number }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [ids, setIds] = useState<number[]>([]);
  const { data, loading } = useLoad(() => (open ? fetchCandidates() : Promise.resolve({ list: [] })), [open]);
  const save = async () => {
    try {
      for (const id of ids) await addWork(id);
      message.success(`已加入 ${ids.length} 个作品`);
      setOpen(false);
      setIds([]);
      onAdded();
    } catch (e) {
      message.error((e as Error).message);
      onAdded();
    }
  };
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} disabled={left <= 0} data-testid="add-work">
        添加监测作品
      </Button>
      <Modal
        title={`添加监测作品（剩余额度 ${left} 个）`}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={save}
        okButtonProps={{ disabled: !ids.length || ids.length > left }}
        okText="加入监测"
      >
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          loading={loading}
          placeholder="选择审核通过的作品"
          value={ids}
          onChange={setIds}
          options={(data?.list ?? []).map((w) => ({
            value: w.id,
            label: `${w.type === 1 ? '[视频]' : '[图片]'} ${w.title}（#${w.id}）`,
          }))}
        />
      </Modal>
    </>
  );
}

function SourceForm({ onAdded, max }: { onAdded: () => void; max: number }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const submit = async (v: { name: string; url: string; maxDepth: number }) => {
    try {
      await addSource(v);
      message.success('已添加监测来源');
      form.resetFields();
      onAdded();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Form form={form} layout="inline" onFinish={submit} initialValues={{ maxDepth: 2 }} style={{ marginBottom: 12 }}>
      <Form.Item name="name" rules={[{ required: true, message: '请输入来源名称' }]}>
        <Input placeholder="来源名称" maxLength={40} />
      </Form.Item>
      <Form.Item name="url" rules={[{ required: true, type: 'url', message: '请输入以 http(s):// 开头的网址' }]}>
        <Input placeholder="https://example.com/" style={{ width: 260 }} />
      </Form.Item>
      <Form.Item name="maxDepth" label="抓取深度">
        <InputNumber min={0} max={max} />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit">添加来源</Button>
      </Form.Item>
    </Form>
  );
}

function ScanProgress({ ov, reload }: { ov: MonitorOverview; reload: () => void }) {
  useEffect(() => {
    if (!ov.scanJob) return;
    const t = setInterval(reload, 2000);
    return () => clearInterval(t);
  }, [ov.scanJob, reload]);
  if (!ov.scanJob) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="scan-progress"
      message={
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>监测进行中：{ov.scanJob.message ?? tableLabel(statusJob, 'queued')}</span>
          <Progress percent={ov.scanJob.progress} size="small" />
        </Space>
      }
    />
  );
}

/** /cyprotect/mymonitor: the monitoring plan: usage, works, sources, hits over time, runs. */
export default function MyMonitorPage() {
  const { message } = App.useApp();
  const { data: ov, error, loading, reload } = useLoad(fetchOverview, []);
  if (loading && !ov) return <Skeleton active />;
  if (error) return <LoadFailed error={error} retry={() => void reload()} />;
  if (!ov) return null;
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      message.success(done);
    } catch (e) {
      message.error((e as Error).message);
    }
    await reload();
  };
  if (!ov.plan && ov.quota.total === 0)
    return (
      <Card title="版权监测">
        <Result
          status="info"
          title="全网监测您的作品被谁使用"
          subTitle="购买版权监测服务后，选择要监测的作品和网站，系统按计划抓取并比对图片与视频，发现疑似侵权后可一键取证、发送侵权通知或提供补授权。"
          extra={
            <Space>
              <BuyServiceButton sku="monitor_3" label="购买版权监测服务" />
              <Link to="/copyrightMonitor">了解版权监测</Link>
            </Space>
          }
        />
      </Card>
    );
  const total = (kind?: string, status?: string) =>
    ov.counts
      .filter((c) => (!kind || c.kind === kind) && (!status || c.status === status))
      .reduce((s, c) => s + c.count, 0);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ScanProgress ov={ov} reload={() => void reload()} />
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="监测作品" value={ov.works.length} suffix={`/ ${ov.works.length + ov.quota.left} 个`} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="监测来源" value={ov.sources.length} suffix={`/ ${ov.limits.maxSources} 个`} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Link to="/cyprotect/mymonitorimg">
              <Statistic title="图片命中（待处理）" value={total('image')} suffix={`(${total('image', 'pending')})`} />
            </Link>
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Link to="/cyprotect/mymonitorvideo">
              <Statistic title="视频命中（待处理）" value={total('video')} suffix={`(${total('video', 'pending')})`} />
            </Link>
          </Card>
        </Col>
      </Row>
      <Card
        title="监测计划"
        extra={
          <Space wrap>
            <Segmented
              value={ov.plan?.frequency ?? 'daily'}
              options={MONITOR_FREQUENCIES.map((f) => ({ value: f.const, label: f.title }))}
              onChange={(v) => act(() => setFrequency(v as MonitorFrequency), '已更新监测频率')}
            />
            <Button
              type="primary"
              onClick={() => act(startScan, '已开始监测')}
              disabled={!!ov.scanJob || !ov.works.length}
              data-testid="start-scan"
            >
              立即监测
            </Button>
            <BuyServiceButton sku="monitor_3" label="增加额度" />
          </Space>
        }
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          额度：已用 {ov.quota.total - ov.quota.left} / {ov.quota.total} 个作品 · 下次自动监测：
          {ov.plan ? formatDateTime(ov.plan.nextRunAt) : '—'} · 抓取遵守 robots.txt，每个来源最多{' '}
          {ov.limits.maxPagesPerSource} 个页面
        </Typography.Paragraph>
      </Card>
      <Card title="近 30 天命中">
        <HitsChart series={ov.series} />
      </Card>
      <Card title="监测作品" extra={<AddWorkButton left={ov.quota.left} onAdded={() => void reload()} />}>
        <Table
          rowKey="id"
          size="small"
          dataSource={ov.works}
          pagination={false}
          locale={{ emptyText: <Empty description="尚未添加监测作品" /> }}
          columns={[
            {
              title: '作品',
              key: 'w',
              render: (_, w) => (
                <Space>
                  {w.cover && (
                    <img src={fileUrl(w.cover)!} alt="" style={{ width: 64, height: 40, objectFit: 'cover' }} />
                  )}
                  <span>{w.title}</span>
                </Space>
              ),
            },
            { title: '类型', dataIndex: 'type', render: (t) => TYPE_LABELS[t] },
            {
              title: '指纹',
              key: 'f',
              render: (_, w) => {
                const [l, c] = FP_STATE[w.fingerprintState] ?? FP_STATE.pending;
                return (
                  <Tag color={c}>
                    {l}
                    {w.type === 1 && w.frames ? `（${w.frames} 帧）` : ''}
                  </Tag>
                );
              },
            },
            { title: '命中', dataIndex: 'hits' },
            {
              title: '操作',
              key: 'a',
              render: (_, w) => (
                <Popconfirm title="移出监测并退回额度？" onConfirm={() => act(() => removeWork(w.id), '已移出监测')}>
                  <Button size="small" type="link" danger>
                    移出
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <Card title="监测来源">
        <SourceForm max={ov.limits.maxDepth} onAdded={() => void reload()} />
        <Table
          rowKey="id"
          size="small"
          dataSource={ov.sources}
          pagination={false}
          locale={{ emptyText: <Empty description="尚未添加监测来源" /> }}
          columns={[
            { title: '名称', dataIndex: 'name' },
            { title: '网址', dataIndex: 'url', render: (u) => <Typography.Text copyable>{u}</Typography.Text> },
            { title: '深度', dataIndex: 'maxDepth' },
            {
              title: '最近抓取',
              key: 'l',
              render: (_, s) =>
                s.lastCrawledAt ? `${formatDateTime(s.lastCrawledAt)} · ${s.lastStatus ?? ''}` : '尚未抓取',
            },
            {
              title: '操作',
              key: 'a',
              render: (_, s) => (
                <Popconfirm title="删除该来源？" onConfirm={() => act(() => removeSource(s.id), '已删除')}>
                  <Button size="small" type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <Card title="监测记录">
        <Table
          rowKey="id"
          size="small"
          dataSource={ov.runs}
          pagination={false}
          locale={{ emptyText: <Empty description="尚未运行监测" /> }}
          columns={[
            { title: '开始', dataIndex: 'startedAt', render: formatDateTime },
            { title: '结束', dataIndex: 'finishedAt', render: (v) => (v ? formatDateTime(v) : '进行中') },
            { title: '页面', dataIndex: 'pages' },
            { title: '图片/视频', dataIndex: 'media' },
            { title: '命中', dataIndex: 'hits' },
          ]}
        />
        <Typography.Text type="secondary">
          状态说明：{['pending', 'approved', 'licensed', 'takedown', 'offered'].map(hitStatusLabel).join(' · ')}
        </Typography.Text>
      </Card>
    </Space>
  );
}
