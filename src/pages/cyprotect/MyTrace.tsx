import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Empty,
  List,
  Progress,
  Row,
  Space,
  Spin,
  Tag,
  Typography,
  message,
} from 'antd';
import { FileProtectOutlined } from '@ant-design/icons';
import { QuotaBar } from '../../components/service-orders/QuotaBar';
import { TraceTimeline } from '../../components/trace/TraceTimeline';
import {
  downloadTraceCertificate,
  requestTraceCertificate,
  traceTimeline,
  traceWorks,
  waitForTraceCertificate,
} from '../../components/trace/trace-api';
import type { TraceTimeline as Timeline, TraceWork } from '../../schemas/api/trace';
import { statusLabel } from '../../schemas/registry';
import { LoadFailed } from '../../components/feedback/LoadFailed';

type Load<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

/** The selected work's timeline and its certificate export (one paid trace unit per certificate). */
function WorkTrace({ workId, onIssued }: { workId: number; onIssued: () => void }) {
  const [load, setLoad] = useState<Load<Timeline>>({ state: 'loading' });
  const [issuing, setIssuing] = useState<{ percent: number; message: string } | null>(null);
  const [issued, setIssued] = useState<{ certNo: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(() => {
    setLoad({ state: 'loading' });
    traceTimeline(workId).then(
      (data) => setLoad({ state: 'ready', data }),
      (e: Error) => setLoad({ state: 'error', message: e.message }),
    );
  }, [workId]);
  useEffect(() => {
    setIssued(null);
    setError(null);
    refresh();
  }, [refresh]);

  const exportCertificate = async () => {
    setIssuing({ percent: 0, message: '已提交，等待生成' });
    setError(null);
    try {
      const { jobId } = await requestTraceCertificate(workId);
      const r = await waitForTraceCertificate(jobId, (percent, msg) =>
        setIssuing({ percent, message: msg || '正在生成' }),
      );
      setIssued(r);
      setIssuing(null);
      message.success(`溯源证书已出具：${r.certNo}`);
      refresh();
      onIssued();
      await downloadTraceCertificate(r.certNo).catch(() => undefined); // the link below stays if the browser blocks it
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setIssuing(null);
    }
  };

  if (load.state === 'loading')
    return (
      <Card>
        <Spin tip="正在汇总作品记录…">
          <div style={{ height: 120 }} />
        </Spin>
      </Card>
    );
  if (load.state === 'error') return <LoadFailed what="时间线" error={load.message} retry={refresh} />;
  const { work, events } = load.data;
  return (
    <Card
      title={
        <Space>
          <FileProtectOutlined />
          {work.title}
        </Space>
      }
      extra={
        <Button type="primary" loading={!!issuing} onClick={exportCertificate} data-testid="trace-export">
          {issuing ? '正在生成证书…' : '导出溯源证书'}
        </Button>
      }
    >
      {issuing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`正在生成溯源证书：${issuing.message}`}
          description={
            <>
              <Progress percent={issuing.percent} status="active" data-testid="trace-progress" />
              <Typography.Text type="secondary">
                汇总时间线、绘制 PDF 并将证书指纹写入存证日志，后台任务完成后自动下载。
              </Typography.Text>
            </>
          }
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={error}
          action={error.includes('额度') ? <Link to="/copyright/trace/SolidEvidence">购买溯源服务</Link> : undefined}
        />
      )}
      {issued && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="trace-issued"
          message={`溯源证书已出具：${issued.certNo}`}
          description="证书 PDF 的指纹已写入存证日志，任何人可凭证书编号与文件核验。"
          action={
            <Space direction="vertical">
              <Button size="small" onClick={() => void downloadTraceCertificate(issued.certNo)}>
                下载证书
              </Button>
              <Link to={`/copyright/trace/cert?no=${issued.certNo}`}>在线核验</Link>
            </Space>
          }
        />
      )}
      <Typography.Paragraph type="secondary">
        作品的权属链与传播情况：上传与存证指纹、登记、授权售出（买方已脱敏）、版权交易、监测发现及处理结果。
      </Typography.Paragraph>
      <TraceTimeline events={events} />
    </Card>
  );
}

/** /cyprotect/mytrace — the user's works, each with its trace timeline and trace certificates. */
export default function MyTrace() {
  const [params, setParams] = useSearchParams();
  const [works, setWorks] = useState<Load<TraceWork[]>>({ state: 'loading' });
  // Bumped after a certificate is issued: the quota bar reads the units left again.
  const [quotaVersion, setQuotaVersion] = useState(0);
  const load = useCallback(() => {
    traceWorks().then(
      (r) => setWorks({ state: 'ready', data: r.list }),
      (e: Error) => setWorks({ state: 'error', message: e.message }),
    );
  }, []);
  useEffect(load, [load]);
  const list = works.state === 'ready' ? works.data : [];
  const selected = Number(params.get('work')) || list[0]?.id;

  return (
    <div>
      <QuotaBar key={quotaVersion} service="trace" name="溯源证书" sku="trace_1" unit="次" />
      {works.state === 'error' && <LoadFailed what="作品列表" error={works.message} retry={load} />}
      {works.state === 'loading' && (
        <Spin tip="加载作品…">
          <div style={{ height: 160 }} />
        </Spin>
      )}
      {works.state === 'ready' && !list.length && (
        <Empty description="还没有作品：上传作品后即可查看其溯源记录">
          <Link to="/creator/upload">
            <Button type="primary">上传作品</Button>
          </Link>
        </Empty>
      )}
      {works.state === 'ready' && list.length > 0 && (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Card title="我的作品" size="small" bodyStyle={{ padding: 0, maxHeight: 640, overflow: 'auto' }}>
              <List
                dataSource={list}
                renderItem={(w) => (
                  <List.Item
                    data-testid={`trace-work-${w.id}`}
                    onClick={() => setParams({ work: String(w.id) })}
                    style={{
                      cursor: 'pointer',
                      padding: '10px 12px',
                      background: w.id === selected ? '#e6f4ff' : undefined,
                    }}
                  >
                    <List.Item.Meta
                      avatar={
                        <Avatar shape="square" size={48} src={w.coverUrl ?? undefined}>
                          {w.title.slice(0, 1)}
                        </Avatar>
                      }
                      title={w.title}
                      description={
                        <Space size={4} wrap>
                          <Tag>{statusLabel('lumen:status/work', w.status)}</Tag>
                          <span>{w.events} 条记录</span>
                          {w.certificates > 0 && <Tag color="green">已出证 {w.certificates}</Tag>}
                        </Space>
                      }
                    />
                  </List.Item>
                )}
              />
            </Card>
          </Col>
          <Col xs={24} md={16}>
            {selected && (
              <WorkTrace
                key={selected}
                workId={selected}
                onIssued={() => {
                  load();
                  setQuotaVersion((v) => v + 1);
                }}
              />
            )}
          </Col>
        </Row>
      )}
    </div>
  );
}
