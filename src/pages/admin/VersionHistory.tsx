import { Button, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DiffEntry } from '../../schemas/json-diff';
import type { SchemaVersion } from './admin-api';

const show = (v: unknown) => (v === undefined ? '∅' : JSON.stringify(v));

function DiffList({ diff }: { diff: DiffEntry[] }) {
  if (!diff.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {diff.slice(0, 8).map((d) => (
        <Typography.Text key={d.path + d.op} code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {d.path}:{' '}
          {d.op === 'add'
            ? `+ ${show(d.to)}`
            : d.op === 'remove'
              ? `- ${show(d.from)}`
              : `${show(d.from)} → ${show(d.to)}`}
        </Typography.Text>
      ))}
      {diff.length > 8 && <Typography.Text type="secondary">另有 {diff.length - 8} 处修改</Typography.Text>}
    </Space>
  );
}

/** Every version (who, when, note, diff) with load-into-editor and rollback. */
export function VersionHistory(props: {
  versions: SchemaVersion[] | null;
  loading: boolean;
  currentVersion: number;
  onLoad: (v: SchemaVersion) => void;
  onRollback: (version: number) => Promise<void>;
}) {
  const { versions, loading, currentVersion, onLoad, onRollback } = props;
  return (
    <Table<SchemaVersion>
      rowKey="version"
      size="small"
      loading={loading}
      dataSource={versions ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description="暂无版本记录" /> }}
      columns={[
        {
          title: '版本',
          dataIndex: 'version',
          width: 90,
          render: (v: number) => (
            <Space>
              {v}
              {v === currentVersion && <Tag color="green">当前</Tag>}
            </Space>
          ),
        },
        {
          title: '修改人',
          dataIndex: 'authorName',
          width: 110,
          render: (n: string | null, r) => n ?? (r.version === 0 ? '系统' : `用户${r.authorId}`),
        },
        {
          title: '时间',
          dataIndex: 'createdAt',
          width: 160,
          render: (t: string | null) => (t ? dayjs(t).format('YYYY-MM-DD HH:mm:ss') : '—'),
        },
        { title: '说明', dataIndex: 'note', width: 160 },
        { title: '修改内容', dataIndex: 'diff', render: (d: DiffEntry[]) => <DiffList diff={d} /> },
        {
          title: '操作',
          width: 170,
          render: (_, r) => (
            <Space>
              <Button size="small" onClick={() => onLoad(r)}>
                载入编辑器
              </Button>
              <Popconfirm
                title={`回滚到版本 ${r.version}？`}
                okText="回滚"
                cancelText="取消"
                disabled={r.version === currentVersion}
                onConfirm={() => onRollback(r.version)}
              >
                <Button size="small" danger disabled={r.version === currentVersion}>
                  回滚
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
