import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useDraftAutosave } from '../../components/drafts/use-draft-autosave';
import { DraftStatusLine } from '../../components/drafts/DraftStatusLine';
import { useForm, useInvalidate } from '@refinedev/core';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { Alert, App, Button, Card, Progress, Skeleton, Space } from 'antd';
import { lumenFormProps } from '../../components/schema-form/form-props';
import type { FileWidgetContext } from '../../components/schema-form/widgets/FileMetaWidget';
import type { PatchFormContext } from '../../components/schema-form/widgets/InvoiceTitleWidget';
import { RequestError } from '../../dataProvider/axios';
import type { ResourceDef } from '../types';
import { useResourceForm } from '../registry';
import { postMultipart } from './multipart';
import { dropUnselectedBranchErrors } from '../../schemas/branch-errors';
import { LoadFailed } from '../../components/feedback/LoadFailed';

/** Server field errors ({fieldErrors: {'/a/b': msg}} in the envelope's data) -> RJSF extraErrors. */
export function toExtraErrors(data: unknown): ErrorSchema | undefined {
  const fe = (data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
  if (!fe) return undefined;
  const out: Record<string, any> = {};
  for (const [path, msg] of Object.entries(fe)) {
    const parts = path.split('/').filter(Boolean);
    let node = out;
    for (const p of parts) node = node[p] ??= {};
    (node.__errors ??= []).push(msg);
  }
  return out as ErrorSchema;
}

/** For each file field, the picked File objects matching the metadata now in the form (removals drop out). */
export function filesInForm(formData: Record<string, any>, picked: Record<string, File[]>): Record<string, File[]> {
  const out: Record<string, File[]> = {};
  for (const [field, files] of Object.entries(picked)) {
    const metas = ([] as any[]).concat(formData[field] ?? []);
    out[field] = metas
      .map((m) => [...files].reverse().find((f) => f.name === m?.name && f.size === m?.size))
      .filter((f): f is File => !!f);
  }
  return out;
}

/**
 * Presentation copy of a form schema: the card already shows the title, and the descriptions an
 * inlined enumeration brings along ("作品类别编码…") document the registry, not the field.
 */
export function forDisplay(schema: Record<string, any>): Record<string, any> {
  const { title: _t, description: _d, ...rest } = schema;
  const properties = Object.fromEntries(
    Object.entries<any>(rest.properties ?? {}).map(([k, p]) => {
      if (!(p?.oneOf || p?.items?.oneOf)) return [k, p];
      const { description: _pd, ...prop } = p;
      if (prop.items) {
        const { description: _id, ...items } = prop.items;
        prop.items = items;
      }
      return [k, prop];
    }),
  );
  return { ...rest, properties };
}

/** What an edit form says before the fields (e.g. an authority's correction request) and which fields it marks. */
export type EditNotice = (
  record: Record<string, any>,
) => { message: ReactNode; fieldErrors?: Record<string, string> } | null;

export interface ResourceFormProps {
  def: ResourceDef;
  mode: 'create' | 'edit';
  id?: string | number;
  onDone?: (id?: string | number) => void;
  onCancel?: () => void;
  editNotice?: EditNotice;
}

/** Generic create/edit: the registry's form schema rendered by RJSF, validated by the shared validator. */
export function ResourceForm({ def, mode, id, onDone, onCancel, editNotice }: ResourceFormProps) {
  const { message } = App.useApp();
  const form = useResourceForm(def, mode);
  // Files the file widget handed over, by field; the submit keeps those still in the form data.
  const picked = useRef<Record<string, File[]>>({});
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // Controlled form data: a failed submit or a re-render never loses what the user typed.
  const [draft, setDraft] = useState<Record<string, any> | undefined>();
  const invalidate = useInvalidate();
  const { onFinish, query, formLoading } = useForm({
    resource: def.name,
    action: mode,
    id,
    meta: { apiPath: def.apiPath },
    redirect: false,
    successNotification: false,
    errorNotification: false,
  });
  const initial = mode === 'edit' ? query?.data?.data : undefined;
  const notice = useMemo(
    () => (initial && editNotice ? editNotice(initial as Record<string, any>) : null),
    [initial, editNotice],
  );
  // New applications autosave as drafts (the forms lumen:cyprotect/drafts lists).
  const autosave = useDraftAutosave(mode === 'create' && def.draft ? def.schemaId : undefined, draft, setDraft);
  // apiPath lets a widget read its resource's own endpoints (the invoice order picker of /account/ticket or /cyprotect/cyticket).
  // patchForm lets a widget fill sibling fields (a saved invoice title fills its tax number and bank details).
  const formContext = useMemo<FileWidgetContext & PatchFormContext & { apiPath: string }>(
    () => ({
      onFileSelected: (fieldId, file) => (picked.current[fieldId.replace(/^root_/, '')] ??= []).push(file),
      apiPath: def.apiPath,
      patchForm: (patch) =>
        setDraft((d) => ({ ...(d ?? (initial as Record<string, any> | undefined) ?? {}), ...patch })),
    }),
    [def.apiPath, initial],
  );

  const submit = async (formData: Record<string, any>) => {
    setExtraErrors(undefined);
    setServerError(null);
    try {
      let newId: string | number | undefined = id;
      if (def.multipart && mode === 'create') {
        setProgress(0);
        const rec = await postMultipart(
          `/api/${def.apiPath}`,
          formData,
          filesInForm(formData, picked.current),
          setProgress,
        );
        newId = rec?.id;
        await invalidate({ resource: def.name, invalidates: ['list'] });
      } else {
        const res = await onFinish(formData);
        newId = (res as any)?.data?.id ?? id;
      }
      if (autosave.enabled) await autosave.discard();
      message.success(mode === 'create' ? '提交成功' : '保存成功');
      onDone?.(newId);
    } catch (e) {
      const err = e as RequestError;
      setExtraErrors(toExtraErrors(err.data));
      setServerError(err.message || '提交失败');
    } finally {
      setProgress(null);
    }
  };

  const displaySchema = useMemo(() => (form.schema ? forDisplay(form.schema) : undefined), [form.schema]);
  if (form.error) return <LoadFailed what="表单" error={form.error} />;
  if (!form.schema || (mode === 'edit' && (query?.isLoading || (formLoading && !initial)))) return <Skeleton active />;
  if (mode === 'edit' && query?.isError)
    return <LoadFailed what="记录" error={query.error} retry={() => void query.refetch()} />;

  return (
    <Card title={`${mode === 'create' ? '新建' : '编辑'}${def.noun}`}>
      {notice && (
        <Alert
          type="warning"
          showIcon
          message={notice.message}
          style={{ marginBottom: 16 }}
          data-testid="edit-notice"
        />
      )}
      {serverError && <Alert type="error" showIcon message={serverError} style={{ marginBottom: 16 }} />}
      <Form
        schema={displaySchema as RJSFSchema}
        uiSchema={form.uiSchema}
        formData={draft ?? initial}
        onChange={({ formData }) => setDraft(formData)}
        {...lumenFormProps}
        formContext={formContext}
        extraErrors={
          extraErrors ?? (notice?.fieldErrors ? toExtraErrors({ fieldErrors: notice.fieldErrors }) : undefined)
        }
        transformErrors={dropUnselectedBranchErrors}
        showErrorList={false}
        noHtml5Validate
        onSubmit={({ formData }) => submit(formData)}
        disabled={progress !== null}
      >
        {progress !== null && <Progress percent={progress} size="small" style={{ marginBottom: 12 }} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={progress !== null || formLoading}>
            提交
          </Button>
          {onCancel && <Button onClick={onCancel}>返回</Button>}
          {autosave.enabled && <DraftStatusLine status={autosave.status} resumed={autosave.resumed} />}
        </Space>
      </Form>
    </Card>
  );
}
