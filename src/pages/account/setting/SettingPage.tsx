import { useMemo, useRef, useState } from 'react';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { Alert, App, Avatar, Button, Card, Skeleton, Space } from 'antd';
import { get, request, RequestError } from '../../../dataProvider/axios';
import { lumenFormProps } from '../../../components/schema-form/form-props';
import { useFormSchema } from '../../../hooks/use-schema';
import type { FileWidgetContext } from '../../../components/schema-form/widgets/FileMetaWidget';
import { filesInForm, forDisplay, toExtraErrors } from '../../../resources/views/ResourceForm';
import { postMultipart } from '../../../resources/views/multipart';
import { useUser } from '../../../components/user/UserContext';
import { usePageData } from '../use-page-data';
import { NotificationPrefs } from './NotificationPrefs';
import type { Profile } from '../../../schemas/api/account-responses';
import { PageDataState } from '../PageDataState';

const loadProfile = () => get<Profile>('/api/user/profile');

/** /account/setting: the profile (lumen:forms/profile); a new avatar goes up with the form. */
export default function SettingPage() {
  const { data, error, load } = usePageData(loadProfile);
  if (error || !data) return <PageDataState what="个人资料" error={error} retry={() => void load()} />;
  return (
    <>
      <ProfileForm profile={data} onSaved={load} />
      <NotificationPrefs />
    </>
  );
}

function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => Promise<void> }) {
  const { message } = App.useApp();
  const { refresh } = useUser();
  const { schema, uiSchema, loading } = useFormSchema('lumen:forms/profile');
  const picked = useRef<Record<string, File[]>>({});
  const [draft, setDraft] = useState<Record<string, any>>({
    nickname: profile.nickname,
    bio: profile.bio,
    contactEmail: profile.contactEmail,
  });
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const formContext = useMemo<FileWidgetContext>(
    () => ({ onFileSelected: (id, file) => (picked.current[id.replace(/^root_/, '')] ??= []).push(file) }),
    [],
  );
  const display = useMemo(() => (schema ? forDisplay(schema) : undefined), [schema]);

  const submit = async (formData: Record<string, any>) => {
    setBusy(true);
    setServerError(null);
    setExtraErrors(undefined);
    try {
      const files = filesInForm(formData, picked.current);
      if (files.avatar?.length) await postMultipart('/api/user/profile/avatar', formData, files);
      else
        await request(
          'PUT',
          '/api/user/profile',
          { nickname: formData.nickname, bio: formData.bio ?? '', contactEmail: formData.contactEmail ?? '' },
          { json: true },
        );
      message.success('已保存');
      // The stored avatar now shows above the form; the picked file is not sent again.
      picked.current = {};
      setDraft(({ avatar: _sent, ...rest }) => rest);
      await refresh();
      await onSaved();
    } catch (e) {
      const err = e as RequestError;
      setServerError(err.message || '保存失败');
      setExtraErrors(toExtraErrors(err.data));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="账户设置">
      <Space style={{ marginBottom: 16 }}>
        <Avatar size={64} src={profile.avatar || undefined}>
          {profile.nickname.slice(0, 1)}
        </Avatar>
      </Space>
      {serverError && <Alert type="error" showIcon message={serverError} style={{ marginBottom: 16 }} />}
      {!display || loading ? (
        <Skeleton active />
      ) : (
        <Form
          schema={display as RJSFSchema}
          uiSchema={uiSchema}
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
            保存
          </Button>
        </Form>
      )}
    </Card>
  );
}
