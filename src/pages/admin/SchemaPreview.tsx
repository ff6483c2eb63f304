import { useMemo } from 'react';
import { Alert, Button, message } from 'antd';
import Form from '@rjsf/antd';
import { lumenFormProps } from '../../components/schema-form/form-props';
import type { LumenSchema } from '../../schemas/types';
import { previewOf } from './preview-schema';

/** Live RJSF preview of a draft, validated by the same validator every form uses. */
export function SchemaPreview({ id, draft }: { id: string; draft: LumenSchema | null }) {
  const built = useMemo(() => {
    if (!draft) return null;
    try {
      return { ...previewOf(id, draft), error: null };
    } catch (e) {
      return { schema: null, uiSchema: {}, error: (e as Error).message };
    }
  }, [id, draft]);
  if (!built) return <Alert type="info" showIcon message="JSON 有误时不显示预览" />;
  if (built.error) return <Alert type="error" showIcon message="预览失败" description={built.error} />;
  return (
    <Form
      // Same key while editing one schema: picked files stay and are re-checked against each draft.
      key={id}
      schema={built.schema}
      uiSchema={built.uiSchema}
      {...lumenFormProps}
      liveValidate
      showErrorList="top"
      onSubmit={() => message.success('预览表单校验通过')}
    >
      <Button type="primary" htmlType="submit">
        校验
      </Button>
    </Form>
  );
}
