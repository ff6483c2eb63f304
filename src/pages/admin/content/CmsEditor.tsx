import { useEffect, useState } from 'react';
import { App, Button, Drawer, Empty, List, Popconfirm, Skeleton, Table, Tabs, Typography } from 'antd';
import { SchemaFormBody } from '../../../components/schema-form/SchemaFormModal';
import { formatDateTime } from '../../../resources/views/cells';
import { CmsBody } from '../../content/CmsBody';
import {
  createCms,
  fetchCms,
  listRegistrations,
  restoreCms,
  saveCms,
  type CmsDetail,
  type CmsKind,
} from './content-admin-api';

const EDITABLE = [
  'kind',
  'title',
  'summary',
  'category',
  'slug',
  'effectiveOn',
  'published',
  'sort',
  'bodyHtml',
  'event',
] as const;
/** The form fields of a stored entry (nulls left out: the schema types them as strings and objects). */
const formOf = (e: CmsDetail) =>
  Object.fromEntries(EDITABLE.filter((k) => e[k] !== null && e[k] !== undefined).map((k) => [k, e[k]]));

function Registrations({ id }: { id: number }) {
  const [rows, setRows] = useState<Awaited<ReturnType<typeof listRegistrations>> | null>(null);
  useEffect(() => void listRegistrations(id).then(setRows, () => setRows([])), [id]);
  if (!rows) return <Skeleton active />;
  return (
    <Table
      rowKey="id"
      size="small"
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: <Empty description="暂无报名" /> }}
      columns={[
        { title: '姓名', dataIndex: 'name' },
        { title: '手机号', dataIndex: 'phone' },
        { title: '单位', dataIndex: 'company' },
        { title: '职务', dataIndex: 'position' },
        { title: '报名时间', dataIndex: 'createdAt', render: formatDateTime },
      ]}
    />
  );
}

/** Staff editor of one CMS entry (id null = new): schema form, sanitised preview, versions with restore, registrations. */
export function CmsEditor({
  id,
  kind,
  onClose,
  onSaved,
}: {
  id: number | null;
  kind: CmsKind;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [entry, setEntry] = useState<CmsDetail | null>(null);
  const [draft, setDraft] = useState<Record<string, any>>({});
  const load = (entryId: number) =>
    fetchCms(entryId).then(
      (e) => {
        setEntry(e);
        setDraft(formOf(e));
      },
      (e: Error) => message.error(e.message),
    );
  useEffect(() => {
    setEntry(null);
    setDraft({ kind });
    if (id) void load(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset and reload when the entry changes, not when load is re-created
  }, [id, kind]);

  const submit = async (form: Record<string, any>) => {
    if (entry) {
      const r = await saveCms(entry.id, form, entry.version);
      message.success(`已保存为第 ${r.version} 版`);
      await load(entry.id);
    } else {
      const r = await createCms(form);
      message.success('已创建');
      await load(r.id);
    }
    onSaved();
  };
  const restore = async (version: number) => {
    try {
      const r = await restoreCms(entry!.id, version, entry!.version);
      message.success(`已恢复第 ${version} 版的内容（保存为第 ${r.version} 版）`);
      await load(entry!.id);
      onSaved();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const loading = id !== null && !entry;
  return (
    <Drawer
      open
      width={920}
      title={entry ? `编辑：${entry.title}（第 ${entry.version} 版）` : '新建内容'}
      onClose={onClose}
      destroyOnClose
    >
      {loading ? (
        <Skeleton active />
      ) : (
        <Tabs
          items={[
            {
              key: 'edit',
              label: '编辑',
              children: (
                <SchemaFormBody
                  key={`${entry?.id}-${entry?.version}`}
                  schemaId="lumen:forms/cms-entry"
                  okText="保存"
                  initialData={draft}
                  onChange={setDraft}
                  onSubmit={submit}
                />
              ),
            },
            {
              key: 'preview',
              label: '预览',
              children: (
                <>
                  <Typography.Title level={3}>{draft.title}</Typography.Title>
                  <CmsBody html={String(draft.bodyHtml ?? '')} />
                </>
              ),
            },
            ...(entry
              ? [
                  {
                    key: 'versions',
                    label: `历史版本（${entry.versions.length}）`,
                    children: (
                      <List
                        dataSource={entry.versions}
                        renderItem={(v) => (
                          <List.Item
                            actions={
                              v.version === entry.version
                                ? [
                                    <Typography.Text type="secondary" key="c">
                                      当前版本
                                    </Typography.Text>,
                                  ]
                                : [
                                    <Popconfirm
                                      key="r"
                                      title={`用第 ${v.version} 版的内容覆盖当前内容？（会保存为新版本）`}
                                      onConfirm={() => restore(v.version)}
                                    >
                                      <Button size="small">恢复此版本</Button>
                                    </Popconfirm>,
                                  ]
                            }
                          >
                            <List.Item.Meta
                              title={`第 ${v.version} 版：${v.snapshot.title}`}
                              description={`${formatDateTime(v.createdAt)}　${v.editorName ?? '系统'}`}
                            />
                          </List.Item>
                        )}
                      />
                    ),
                  },
                ]
              : []),
            ...(entry?.kind === 'event'
              ? [
                  {
                    key: 'regs',
                    label: `报名名单（${entry.registrationCount}）`,
                    children: <Registrations id={entry.id} />,
                  },
                ]
              : []),
          ]}
        />
      )}
    </Drawer>
  );
}
