import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import Form from '@rjsf/antd';
import { Alert, App, Button, Card, Drawer, Input, Space, Table, Tag, Typography } from 'antd';
import { lumenFormProps } from '../../../components/schema-form/form-props';
import { useFormSchema, useSchema } from '../../../hooks/use-schema';
import { workFormUnderRules } from '../../../schemas/provenance';
import { AiTag } from '../../../components/provenance/AiTag';
import { RequestError } from '../../../dataProvider/axios';
import { formatBytes } from '../../../components/uploader/format';
import { forDisplay, toExtraErrors } from '../../../resources/views/ResourceForm';
import {
  applyShared,
  createWorks,
  fetchAwaitingUploads,
  initialRow,
  manifestSaysAi,
  rowErrors,
  sharedSchema,
  sharedUiSchema,
  type AwaitingUpload,
} from './work-batch';

const FORM_ID = 'lumen:forms/work';
/** The upload rules: x-declarations.requireAiDeclaration makes the AI declaration required (as on the server). */
const RULES_ID = 'lumen:rules/material';

/**
 * Step two of the upload page: every completed upload becomes a work through lumen:forms/work.
 * Select several files, set shared fields once (描述, 标签, 分类, 价格, 授权, 上传即存证) and apply
 * them, override any row (标题 inline, the rest in the row's form), then save the selection as
 * drafts or submit it for review in one request (all or none; errors come back per row).
 */
export function WorkBatchForm({ workType, reloadKey }: { workType: number; reloadKey: number }) {
  const { message } = App.useApp();
  const form = useFormSchema(FORM_ID);
  const rules = useSchema(RULES_ID);
  const { uiSchema } = form;
  const loading = form.loading || rules.loading;
  const schema = useMemo(
    () => (form.schema ? workFormUnderRules(form.schema, rules.schema) : undefined),
    [form.schema, rules.schema],
  );
  const [uploads, setUploads] = useState<AwaitingUpload[] | null>(null);
  const [rows, setRows] = useState<Record<string, Record<string, any>>>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [shared, setShared] = useState<Record<string, any>>({});
  const [editing, setEditing] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<number | null>(null);
  const formContext = useMemo(() => ({ workType }), [workType]);

  const load = useCallback(() => {
    fetchAwaitingUploads(workType)
      .then((list) => {
        setUploads(list);
        setRows((prev) => Object.fromEntries(list.map((u) => [u.id, prev[u.id] ?? initialRow(u, workType)])));
        setSelected((prev) => [
          ...new Set([
            ...prev.filter((id) => list.some((u) => u.id === id)),
            ...list.filter((u) => !(u.id in rows)).map((u) => u.id),
          ]),
        ]);
      })
      .catch(() => setUploads([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workType]);
  useEffect(load, [load, reloadKey]);

  const setRow = (id: string, data: Record<string, any>) =>
    setRows((r) => ({ ...r, [id]: { ...data, uploadId: id, type: workType } }));
  const apply = () => {
    setRows((r) => ({ ...r, ...Object.fromEntries(selected.map((id) => [id, applyShared(r[id], shared)])) }));
    message.success(`已应用到${selected.length}个作品`);
  };
  const send = async (submit: boolean) => {
    const items = selected.map((id) => rows[id]);
    setBusy(true);
    setErrors({});
    try {
      const r = await createWorks(items, submit);
      message.success(submit ? `已提交审核（${r.works.length}个作品）` : `已保存为草稿（${r.works.length}个作品）`);
      setCreated(r.works.length);
      setSelected([]);
      load();
    } catch (e) {
      const err = e as RequestError;
      const fe = (err.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
      setErrors(
        items.length === 1 && fe && !Object.keys(fe).some((k) => k.startsWith('/items/'))
          ? { [items[0].uploadId]: Object.fromEntries(Object.entries(fe).map(([k, v]) => [k.slice(1), v])) }
          : rowErrors(fe, items as Array<{ uploadId: string }>),
      );
      message.error(err.message || '提交失败');
    } finally {
      setBusy(false);
    }
  };

  if (loading || !schema || uploads === null) return null;
  if (!uploads.length) {
    return created ? (
      <Alert
        type="success"
        showIcon
        message={`已创建${created}个作品，正在处理预览`}
        action={
          <Link to="/creator/works">
            <Button size="small">查看作品</Button>
          </Link>
        }
      />
    ) : null;
  }
  const summary = (d: Record<string, any>) =>
    [
      d.tags?.length ? `标签 ${d.tags.join('、')}` : null,
      typeof d.price === 'number' ? `¥${d.price.toFixed(2)}` : '未定价',
    ]
      .filter(Boolean)
      .join(' · ');
  const editRow = editing ? rows[editing] : undefined;
  return (
    <Card title={`填写作品信息（${uploads.length}个文件待填写）`} data-testid="work-batch">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card
          size="small"
          type="inner"
          title="批量设置（应用到所选文件）"
          extra={
            <Button type="primary" ghost disabled={!selected.length} onClick={apply} data-testid="apply-shared">
              应用到所选（{selected.length}）
            </Button>
          }
        >
          <Form
            {...lumenFormProps}
            schema={forDisplay(sharedSchema(schema))}
            uiSchema={{ ...sharedUiSchema(uiSchema), 'ui:submitButtonOptions': { norender: true } }}
            formData={shared}
            formContext={formContext}
            onChange={(e) => setShared(e.formData ?? {})}
          />
        </Card>
        <Table<AwaitingUpload>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={uploads}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          columns={[
            {
              title: '文件',
              dataIndex: 'filename',
              render: (name: string, u) => (
                <>
                  <div>{name}</div>
                  <Typography.Text type="secondary">{formatBytes(u.size)}</Typography.Text>
                </>
              ),
            },
            {
              title: '作品标题',
              key: 'title',
              width: '34%',
              render: (_, u) => (
                <>
                  <Input
                    aria-label={`${u.filename}的作品标题`}
                    value={rows[u.id]?.title}
                    status={errors[u.id] ? 'error' : undefined}
                    maxLength={60}
                    onChange={(e) => setRow(u.id, { ...rows[u.id], title: e.target.value })}
                  />
                  {errors[u.id] && <Typography.Text type="danger">{Object.values(errors[u.id])[0]}</Typography.Text>}
                </>
              ),
            },
            {
              title: '信息',
              key: 'info',
              render: (_, u) => (
                <Space size={4} wrap>
                  <Typography.Text type="secondary">{summary(rows[u.id] ?? {})}</Typography.Text>
                  {rows[u.id]?.deposit && <Tag color="green">上传即存证</Tag>}
                  {(rows[u.id]?.aiGenerated || manifestSaysAi(u)) && <AiTag />}
                  {manifestSaysAi(u) && rows[u.id]?.aiGenerated === false && (
                    <Typography.Text>内容凭证记载为AI生成，将按AI生成标识</Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: '操作',
              key: 'op',
              width: 80,
              render: (_, u) => (
                <Button type="link" size="small" onClick={() => setEditing(u.id)}>
                  编辑
                </Button>
              ),
            },
          ]}
        />
        <Space>
          <Button disabled={!selected.length} loading={busy} onClick={() => void send(false)}>
            保存为草稿
          </Button>
          <Button
            type="primary"
            disabled={!selected.length}
            loading={busy}
            onClick={() => void send(true)}
            data-testid="submit-works"
          >
            提交审核（{selected.length}）
          </Button>
        </Space>
      </Space>
      <Drawer
        open={!!editing}
        width={560}
        title={editRow ? `编辑作品信息：${uploads.find((u) => u.id === editing)?.filename ?? ''}` : ''}
        onClose={() => setEditing(null)}
        destroyOnClose
      >
        {editRow && (
          <Form
            {...lumenFormProps}
            schema={forDisplay(schema)}
            uiSchema={uiSchema}
            formData={editRow}
            formContext={formContext}
            extraErrors={toExtraErrors({
              fieldErrors: Object.fromEntries(Object.entries(errors[editing!] ?? {}).map(([k, v]) => [`/${k}`, v])),
            })}
            onSubmit={(e) => {
              setRow(editing!, e.formData ?? {});
              setEditing(null);
            }}
          >
            <Button type="primary" htmlType="submit">
              确定
            </Button>
          </Form>
        )}
      </Drawer>
    </Card>
  );
}
