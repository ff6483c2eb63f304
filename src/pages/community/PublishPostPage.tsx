import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { Alert, App, Button, Card, Skeleton, Typography } from 'antd';
import { RequestError } from '../../dataProvider/axios';
import { lumenFormProps } from '../../components/schema-form/form-props';
import { useFormSchema } from '../../hooks/use-schema';
import type { FileWidgetContext } from '../../components/schema-form/widgets/FileMetaWidget';
import { filesInForm, forDisplay, toExtraErrors } from '../../resources/views/ResourceForm';
import { postMultipart } from '../../resources/views/multipart';
import { useLoad } from '../content/use-load';
import { createPost, fetchMyWorks } from './community-api';
import { CommunityPage } from './CommunityNav';
import { LoadFailed } from '../../components/feedback/LoadFailed';

/** /community/publish: a showcase post from the creator's own works and/or uploaded images (lumen:forms/community-post). */
export default function PublishPostPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const works = useLoad(fetchMyWorks, []);
  const { schema, uiSchema, loading } = useFormSchema('lumen:forms/community-post');
  const picked = useRef<Record<string, File[]>>({});
  const [draft, setDraft] = useState<Record<string, any>>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const formContext = useMemo<FileWidgetContext>(
    () => ({ onFileSelected: (id, file) => (picked.current[id.replace(/^root_/, '')] ??= []).push(file) }),
    [],
  );
  // The works field offers exactly the creator's works (checkboxes); without works it is left out.
  const display = useMemo(() => {
    if (!schema || !works.data) return undefined;
    const s = forDisplay(schema) as Record<string, any>;
    const props = { ...s.properties };
    if (works.data.length)
      props.materialIds = {
        ...props.materialIds,
        items: { type: 'integer', oneOf: works.data.map((w) => ({ const: w.id, title: w.title })) },
      };
    else delete props.materialIds;
    const { title: _t, description: _d, ...rest } = s;
    return { ...rest, properties: props };
  }, [schema, works.data]);
  const ui = useMemo(() => ({ ...uiSchema, materialIds: { 'ui:widget': 'checkboxes' } }), [uiSchema]);

  const submit = async (formData: Record<string, any>) => {
    setBusy(true);
    setServerError(null);
    setExtraErrors(undefined);
    try {
      const files = filesInForm(formData, picked.current);
      const r = files.images?.length
        ? await postMultipart<{ id: number }>('/community/api/posts/upload', formData, files)
        : await createPost(formData);
      message.success('已发布');
      navigate(`/community/post/${r.id}`);
    } catch (e) {
      const err = e as RequestError;
      setServerError(err.message || '发布失败');
      setExtraErrors(toExtraErrors(err.data));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CommunityPage>
      <Card title="发布作品帖">
        <Typography.Paragraph type="secondary">
          从您的作品库选择作品，或上传图片（JPG/PNG，单张不超过10MB，最多9张）。还没有作品？
          <Link to="/creator/upload">去上传作品</Link>
        </Typography.Paragraph>
        {works.error && <LoadFailed what="作品库" error={works.error} retry={() => void works.reload()} />}
        {serverError && (
          <Alert type="error" showIcon message={serverError} style={{ marginBottom: 16 }} data-testid="publish-error" />
        )}
        {!display || loading ? (
          <Skeleton active />
        ) : (
          <div data-testid="post-form">
            <Form
              schema={display as RJSFSchema}
              uiSchema={ui}
              formData={draft}
              onChange={({ formData }) => setDraft(formData)}
              {...lumenFormProps}
              formContext={formContext}
              extraErrors={extraErrors}
              showErrorList={false}
              noHtml5Validate
              onSubmit={({ formData }) => submit(formData)}
              disabled={busy}
            >
              <Button type="primary" htmlType="submit" loading={busy}>
                发布
              </Button>
            </Form>
          </div>
        )}
      </Card>
    </CommunityPage>
  );
}
