import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Image,
  Result,
  Skeleton,
  Space,
  Table,
  Tabs,
  Typography,
  message,
} from 'antd';
import { Link } from 'react-router-dom';
import { download, get, http, post } from '../../dataProvider/axios';
import { StatusTag, formatDateTime } from '../../resources/views/cells';
import { PAGE_FAILURE_LABELS, artefactLabel, type CaptureRecord } from '../../schemas/api/web-capture';
import statusJob from '../../schemas/status/job.json';
import { tableLabel } from '../../schemas/registry';
import { LoadFailed } from '../feedback/LoadFailed';

const base = (id: number) => `/api/protection/captures/${id}`;

/** An artefact fetched with the session (the API needs the token header), as a blob URL or text. */
function useArtefact(id: number, name: string | undefined, as: 'url' | 'text') {
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (!name) return;
    let url: string | null = null;
    let live = true;
    http.get(`${base(id)}/files/${name}`, { responseType: as === 'url' ? 'blob' : 'text' }).then(
      (r) => {
        if (!live) return;
        if (as === 'url') setValue((url = URL.createObjectURL(r.data as Blob)));
        else setValue(String(r.data));
      },
      (e: Error) => live && setError(e),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, name, as]);
  return { value, error };
}

function Screenshot({ id, name }: { id: number; name: string }) {
  const { value, error } = useArtefact(id, name, 'url');
  if (error) return <LoadFailed what="文件" error={error} />;
  return value ? (
    <Image src={value} alt="整页截图" style={{ maxWidth: '100%' }} data-testid="capture-screenshot" />
  ) : (
    <Skeleton.Image active />
  );
}

/** The captured DOM in a sandboxed iframe: no scripts, no same-origin access, no forms. */
function DomSnapshot({ id, name }: { id: number; name: string }) {
  const { value, error } = useArtefact(id, name, 'text');
  if (error) return <LoadFailed what="文件" error={error} />;
  return value === null ? (
    <Skeleton active />
  ) : (
    <iframe
      title="DOM 快照"
      sandbox=""
      srcDoc={value}
      style={{ width: '100%', height: 600, border: '1px solid #eee' }}
      data-testid="capture-dom"
    />
  );
}

function TextArtefact({ id, name }: { id: number; name: string }) {
  const { value, error } = useArtefact(id, name, 'text');
  if (error) return <LoadFailed what="文件" error={error} />;
  return value === null ? (
    <Skeleton active />
  ) : (
    <pre style={{ maxHeight: 420, overflow: 'auto', background: '#fafafa', padding: 12, fontSize: 12 }}>{value}</pre>
  );
}

/** Results of one capture: screenshot, DOM, certificate chain, manifest, bundle and 取证证书. */
export function CaptureResult({ id, onBack }: { id: number; onBack: () => void }) {
  const [c, setC] = useState<CaptureRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const load = () =>
      get<CaptureRecord>(base(id)).then(
        (r) => {
          if (!live) return;
          setC(r);
          if (r.status === 0 || r.status === 1) timer = setTimeout(load, 2000);
        },
        (e: Error) => live && setError(e.message),
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  const run = async (what: string, fn: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await fn();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  if (error)
    return (
      <Result
        status="warning"
        title="无法打开取证记录"
        subTitle={error}
        extra={<Button onClick={onBack}>返回列表</Button>}
      />
    );
  if (!c) return <Skeleton active />;
  const pages = c.pages.map((p, i) => ({ ...p, n: i + 1 }));
  const pems = c.artefacts.filter((a) => a.name.startsWith('tls/'));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Button onClick={onBack}>返回列表</Button>
      <Card
        title={`取证结果 #${c.id} ${c.title}`}
        size="small"
        extra={<StatusTag table="web-capture" value={c.status} />}
        data-testid="capture-result"
      >
        {(c.status === 0 || c.status === 1) && (
          <Alert
            type="info"
            showIcon
            message={`取证进行中：${c.job?.message ?? tableLabel(statusJob, 'queued')}（${c.job?.progress ?? 0}%）`}
            style={{ marginBottom: 12 }}
          />
        )}
        {c.status === 3 && (
          <Alert
            type="error"
            showIcon
            message="取证失败，服务额度已退回"
            description={c.error}
            style={{ marginBottom: 12 }}
            action={
              c.kind === 'web' ? (
                <Button
                  size="small"
                  loading={busy === 'retry'}
                  onClick={() =>
                    run('retry', async () => {
                      const r = await post<{ id: number }>(`${base(c.id)}/retry`);
                      message.success('已重新提交');
                      window.location.search = `?id=${r.id}`;
                    })
                  }
                >
                  重新取证
                </Button>
              ) : undefined
            }
          />
        )}
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label="证书编号">
            {c.certNo ? (
              <Link to={`/certifiy/${c.certNo}`} data-testid="capture-cert-no">
                {c.certNo}
              </Link>
            ) : (
              '-'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="清单哈希（SHA-256）">
            <Typography.Text code copyable data-testid="capture-manifest-hash">
              {c.manifestSha256 ?? '-'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="存证日志叶子序号">{c.logIndex ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="可信时间（TSA）">{c.tsaTime ? formatDateTime(c.tsaTime) : '-'}</Descriptions.Item>
          <Descriptions.Item label="完成时间">{formatDateTime(c.finishedAt)}</Descriptions.Item>
        </Descriptions>
        <Space style={{ marginTop: 12 }}>
          <Button
            type="primary"
            disabled={!c.artefacts.length}
            loading={busy === 'bundle'}
            onClick={() => run('bundle', () => download(`${base(c.id)}/bundle`, undefined, `取证证据包-${c.id}.zip`))}
          >
            下载证据包
          </Button>
          <Button
            disabled={c.status !== 2}
            loading={busy === 'cert'}
            onClick={() =>
              run('cert', () => download(`${base(c.id)}/certificate`, undefined, `取证证书-${c.certNo}.pdf`))
            }
          >
            下载取证证书
          </Button>
        </Space>
      </Card>
      <Card size="small" title="取证页面">
        <Table
          size="small"
          rowKey="n"
          pagination={false}
          dataSource={pages}
          columns={[
            { title: '#', dataIndex: 'n', width: 40 },
            {
              title: '网址',
              dataIndex: 'url',
              render: (v, p) => (
                <>
                  {v}
                  {p.finalUrl && p.finalUrl !== v && <div>→ {p.finalUrl}</div>}
                  {p.redirects.map((r) => (
                    <Typography.Text key={r.from} type="secondary" style={{ display: 'block' }}>
                      {r.status} {r.from} → {r.to}
                    </Typography.Text>
                  ))}
                </>
              ),
            },
            { title: 'HTTP 状态', dataIndex: 'status', width: 90, render: (v) => v ?? '-' },
            {
              title: '结果',
              width: 260,
              render: (_, p) =>
                p.ok ? (
                  <Typography.Text type="success">成功</Typography.Text>
                ) : (
                  <Typography.Text type="danger">
                    {PAGE_FAILURE_LABELS[p.failure ?? ''] ?? '失败'}：{p.error}
                  </Typography.Text>
                ),
            },
          ]}
        />
      </Card>
      {c.artefacts.length > 0 && (
        <Card size="small">
          <Tabs
            items={[
              ...pages
                .filter((p) => c.artefacts.some((a) => a.name === `page-${p.n}/screenshot.png`))
                .flatMap((p) => [
                  {
                    key: `shot-${p.n}`,
                    label: `截图 ${p.n}`,
                    children: <Screenshot id={c.id} name={`page-${p.n}/screenshot.png`} />,
                  },
                  {
                    key: `dom-${p.n}`,
                    label: `DOM 快照 ${p.n}`,
                    children: <DomSnapshot id={c.id} name={`page-${p.n}/dom.html`} />,
                  },
                ]),
              ...(c.artefacts.some((a) => a.name === 'recording.webm')
                ? [{ key: 'video', label: '录屏视频', children: <RecordingVideo id={c.id} /> }]
                : []),
              {
                key: 'tls',
                label: 'TLS 证书链',
                children: pems.length ? (
                  pems.map((a) => (
                    <div key={a.name}>
                      <Typography.Title level={5}>{a.name.slice(4, -4)}</Typography.Title>
                      <TextArtefact id={c.id} name={a.name} />
                    </div>
                  ))
                ) : (
                  <Empty text="没有 HTTPS 来源" />
                ),
              },
              {
                key: 'manifest',
                label: '文件清单',
                children: (
                  <Table
                    size="small"
                    rowKey="name"
                    pagination={false}
                    dataSource={c.artefacts}
                    data-testid="capture-artefacts"
                    columns={[
                      {
                        title: '文件',
                        dataIndex: 'name',
                        render: (v) => (
                          <>
                            {artefactLabel(v)}
                            <Typography.Text type="secondary" style={{ display: 'block' }}>
                              {v}
                            </Typography.Text>
                          </>
                        ),
                      },
                      { title: '大小', dataIndex: 'size', width: 100, render: (v) => `${(v / 1024).toFixed(1)} KB` },
                      {
                        title: 'SHA-256',
                        dataIndex: 'sha256',
                        render: (v) => (
                          <Typography.Text code style={{ fontSize: 11 }}>
                            {v}
                          </Typography.Text>
                        ),
                      },
                      {
                        title: '',
                        width: 70,
                        render: (_, a) => (
                          <Button
                            type="link"
                            size="small"
                            onClick={() =>
                              run(a.name, () =>
                                download(`${base(c.id)}/files/${a.name}`, undefined, a.name.split('/').join('-')),
                              )
                            }
                          >
                            下载
                          </Button>
                        ),
                      },
                    ]}
                  />
                ),
              },
              { key: 'provenance', label: '来源日志', children: <TextArtefact id={c.id} name="provenance.json" /> },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}

function Empty({ text }: { text: string }) {
  return <Typography.Text type="secondary">{text}</Typography.Text>;
}

function RecordingVideo({ id }: { id: number }) {
  const { value, error } = useArtefact(id, 'recording.webm', 'url');
  if (error) return <LoadFailed what="文件" error={error} />;
  return value ? (
    <video src={value} controls style={{ maxWidth: '100%' }} data-testid="capture-video" />
  ) : (
    <Skeleton active />
  );
}
