import { useEffect, useState, type ReactNode } from 'react';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { Alert, Button, Modal, Skeleton, Space } from 'antd';
import { lumenFormProps } from '../../schemas/form-props';
import { useFormSchema } from '../../schemas/use-schema';
import { RequestError } from '../../dataProvider/axios';
import { forDisplay, toExtraErrors } from '../../resources/views/ResourceForm';

export interface SchemaFormModalProps {
  open: boolean;
  /** Registry $id of the form (its current version is used, as the server validates with it). */
  schemaId: string;
  title: string;
  okText?: string;
  danger?: boolean;
  onCancel: () => void;
  /** Posts the data; a RequestError's message and field errors are shown in the dialog. */
  onSubmit: (data: Record<string, any>) => Promise<unknown>;
  /** Values the form opens with (e.g. a package picked on the page that opened it). */
  initialData?: Record<string, any>;
  /** Shown between the form and its buttons, given the current data (e.g. the server's price). */
  extra?: (data: Record<string, any>) => ReactNode;
}

/** A small schema form in a dialog (reject reasons, information requests, appeals). */
export function SchemaFormModal({ open, schemaId, title, okText = '提交', danger, onCancel, onSubmit, initialData, extra }: SchemaFormModalProps) {
  const { schema, uiSchema, loading } = useFormSchema(schemaId);
  const [data, setData] = useState<Record<string, any>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  useEffect(() => {
    if (open) {
      setData(initialData ?? {});
      setError(null);
      setExtraErrors(undefined);
    }
    // initialData is read when the dialog opens, not on every render of the opener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async (formData: Record<string, any>) => {
    setBusy(true);
    setError(null);
    setExtraErrors(undefined);
    try {
      await onSubmit(formData);
    } catch (e) {
      const err = e as RequestError;
      setError(err.message || '提交失败');
      setExtraErrors(toExtraErrors(err.data));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={title} onCancel={onCancel} footer={null} destroyOnClose width={560}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {!schema || loading ? (
        <Skeleton active />
      ) : (
        <Form
          schema={forDisplay(schema) as RJSFSchema}
          uiSchema={uiSchema}
          formData={data}
          onChange={(e) => setData(e.formData)}
          {...lumenFormProps}
          extraErrors={extraErrors}
          showErrorList={false}
          noHtml5Validate
          onSubmit={(e) => submit(e.formData)}
          disabled={busy}
        >
          {extra?.(data)}
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={onCancel}>取消</Button>
            <Button type="primary" danger={danger} htmlType="submit" loading={busy}>{okText}</Button>
          </Space>
        </Form>
      )}
    </Modal>
  );
}
