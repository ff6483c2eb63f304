import { useState, type ReactNode } from 'react';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { Alert, Button, Modal, Skeleton, Space } from 'antd';
import { lumenFormProps } from './form-props';
import { useFormSchema } from '../../hooks/use-schema';
import { RequestError } from '../../dataProvider/axios';
import { forDisplay, toExtraErrors } from '../../resources/views/ResourceForm';
import styles from './schema-form.module.css';

export interface SchemaFormBodyProps {
  /** Registry $id of the form (its current version is used, as the server validates with it). */
  schemaId: string;
  okText?: string;
  danger?: boolean;
  /** Shows a 取消 button beside the submit button. */
  onCancel?: () => void;
  /** Posts the data; a RequestError's message and field errors are shown above and on the fields. */
  onSubmit: (data: Record<string, any>) => Promise<unknown>;
  /** Values the form starts with (hidden fields such as a registration source). */
  initialData?: Record<string, any>;
  /** Told of every edit (live previews). */
  onChange?: (data: Record<string, any>) => void;
  /** Shown between the form and its buttons, given the current data (e.g. the server's price). */
  extra?: (data: Record<string, any>) => ReactNode;
  /** Narrows the displayed schema with data only the page knows (e.g. the user's own records as choices). */
  narrow?: (schema: Record<string, any>) => Record<string, any>;
}

/** A schema form with server errors mapped onto its fields: inside dialogs and on pages alike. */
export function SchemaFormBody({
  schemaId,
  okText = '提交',
  danger,
  onCancel,
  onSubmit,
  initialData,
  onChange,
  extra,
  narrow,
}: SchemaFormBodyProps) {
  const { schema, uiSchema, loading } = useFormSchema(schemaId);
  const [data, setData] = useState<Record<string, any>>(initialData ?? {});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();

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

  if (!schema || loading) return <Skeleton active />;
  const { title: _t, description: _d, ...shown } = (narrow ?? ((x) => x))(forDisplay(schema));
  return (
    <div className={styles.form}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Form
        schema={shown as RJSFSchema}
        uiSchema={uiSchema}
        formData={data}
        onChange={(e) => {
          setData(e.formData);
          onChange?.(e.formData);
        }}
        {...lumenFormProps}
        extraErrors={extraErrors}
        showErrorList={false}
        noHtml5Validate
        onSubmit={(e) => submit(e.formData)}
        disabled={busy}
      >
        {extra?.(data)}
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          {onCancel && <Button onClick={onCancel}>取消</Button>}
          <Button type="primary" danger={danger} htmlType="submit" loading={busy}>
            {okText}
          </Button>
        </Space>
      </Form>
    </div>
  );
}

export interface SchemaFormModalProps extends Omit<SchemaFormBodyProps, 'onCancel'> {
  open: boolean;
  title: string;
  onCancel: () => void;
}

/** A small schema form in a dialog (reject reasons, information requests, appeals); fresh on every opening (initialData read then). */
export function SchemaFormModal({ open, title, onCancel, ...body }: SchemaFormModalProps) {
  return (
    <Modal open={open} title={title} onCancel={onCancel} footer={null} destroyOnClose width={560}>
      <SchemaFormBody {...body} onCancel={onCancel} />
    </Modal>
  );
}
