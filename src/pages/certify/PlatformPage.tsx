import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '../../resources/views/cells';
import { fetchCheckpoints, fetchLogKey, type LogKey, type PublishedCheckpoint } from './ledger-api';

const PAGE = 20;
const pre = (text: string) => (
  <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, fontSize: 12 }}>{text}</pre>
);

/**
 * /certifiy/platform/:id? — the platform's own credentials: the evidence log's public key, the
 * timestamp authority's certificates and the append-only history of signed checkpoints (`id`:
 * a tree size, shown on its own).
 */
export default function PlatformPage() {
  const { id } = useParams();
  const size = id && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : undefined;
  const [key, setKey] = useState<LogKey | null>(null);
  const [rows, setRows] = useState<PublishedCheckpoint[]>([]);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = async (before?: number) => {
    setLoading(true);
    try {
      const list = await fetchCheckpoints({ before, limit: PAGE });
      setRows((r) => (before ? [...r, ...list] : list));
      setMore(list.length === PAGE);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    fetchLogKey().then(setKey, (e) => setError(e.message));
    if (size)
      fetchCheckpoints({ before: size + 1, limit: 1 })
        .then(
          (l) => setRows(l.filter((c) => c.treeSize === size)),
          (e) => setError(e.message),
        )
        .finally(() => setLoading(false));
    else load();
  }, [size]);

  return (
    <Space
      direction="vertical"
      size={24}
      style={{ width: '100%', maxWidth: 1000, margin: '24px auto', display: 'flex' }}
    >
      {error && <Alert type="error" showIcon message={error} />}
      <Card title="存证日志公钥" loading={!key && !error}>
        <Descriptions bordered column={1} size="small">
          <Descriptions.Item label="日志名称（origin）">{key?.origin}</Descriptions.Item>
          <Descriptions.Item label="验证公钥">
            {key && (
              <Typography.Text copyable code style={{ wordBreak: 'break-all' }} data-testid="verifier-key">
                {key.verifierKey}
              </Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="签名算法">{key?.algorithm}</Descriptions.Item>
          <Descriptions.Item label="见证人联署">
            {!key ? null : key.witnesses.length ? (
              <>
                <Typography.Paragraph style={{ marginBottom: 8 }}>
                  每个检查点须有 {key.witnessQuorum} / {key.witnesses.length} 个独立见证人联署（C2SP tlog-witness）
                </Typography.Paragraph>
                {key.witnesses.map((w) => (
                  <Typography.Paragraph key={w.verifierKey} style={{ marginBottom: 4 }}>
                    <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
                      {w.verifierKey}
                    </Typography.Text>
                  </Typography.Paragraph>
                ))}
              </>
            ) : (
              '未配置见证人：检查点只有平台自己的签名'
            )}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          检查点为 C2SP tlog-checkpoint 格式的签名文本，日志为 RFC 9162 默克尔树。离线验证：node verify-receipt.mjs
          原始文件 回执.json --key 上述公钥{key?.witnesses.length ? ' --witness 见证人公钥（每个见证人一次）' : ''}
        </Typography.Paragraph>
      </Card>
      <Card title="可信时间戳机构（RFC 3161）" loading={!key && !error}>
        {key?.tsa ? (
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label="机构">
              {key.tsa.name === 'sandbox' ? '沙箱时间戳机构（本地测试 CA，仅供演示）' : key.tsa.name}
            </Descriptions.Item>
            <Descriptions.Item label="时间戳证书">
              {key.tsa.certificate ? pre(key.tsa.certificate) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="根证书">
              {key.tsa.rootCertificate ? pre(key.tsa.rootCertificate) : '-'}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">未配置时间戳机构</Typography.Text>
        )}
      </Card>
      <Card title={size ? `检查点 #${size}` : '检查点历史（只增不改）'}>
        <Table<PublishedCheckpoint>
          rowKey="treeSize"
          loading={loading}
          dataSource={rows}
          pagination={false}
          size="small"
          expandable={{ expandedRowRender: (r) => pre(r.note), defaultExpandAllRows: !!size }}
          columns={[
            { title: '树大小', dataIndex: 'treeSize', width: 100 },
            {
              title: '根哈希（base64）',
              dataIndex: 'rootHash',
              render: (v: string) => (
                <Typography.Text code style={{ wordBreak: 'break-all' }}>
                  {v}
                </Typography.Text>
              ),
            },
            {
              title: '时间戳',
              dataIndex: 'timestamp',
              width: 90,
              render: (v: string | null) => (v ? <Tag color="green">已附</Tag> : <Tag>无</Tag>),
            },
            { title: '签发时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
          ]}
        />
        {more && !size && (
          <Button style={{ marginTop: 12 }} onClick={() => load(rows[rows.length - 1]?.treeSize)} loading={loading}>
            加载更早的检查点
          </Button>
        )}
      </Card>
    </Space>
  );
}
