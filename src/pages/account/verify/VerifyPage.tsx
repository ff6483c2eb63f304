import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { Alert, App, Button, Card, Descriptions, Result, Segmented, Skeleton, Tag, Typography } from 'antd';
import { lumenFormProps } from '../../../components/schema-form/form-props';
import { useFormSchema } from '../../../hooks/use-schema';
import type { FileWidgetContext } from '../../../components/schema-form/widgets/FileMetaWidget';
import { filesInForm, forDisplay, toExtraErrors } from '../../../resources/views/ResourceForm';
import { dropUnselectedBranchErrors } from '../../../schemas/branch-errors';
import { renderCell } from '../../../resources/views/cells';
import { RequestError } from '../../../dataProvider/axios';
import { useUser } from '../../../components/user/UserContext';
import { AUTH_LEVEL_NAMES, fetchCertification, submitCertification, type CertificationState } from './verify-api';
import { PageDataState } from '../PageDataState';

type Kind = 'personal' | 'company';
const SCHEMA: Record<Kind, string> = {
  personal: 'lumen:forms/certification-personal',
  company: 'lumen:forms/certification-company',
};

/** /account/verify/{type?}: the account's certification standing, the latest application, and the form. */
export default function VerifyPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<CertificationState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => {
    setError(null);
    fetchCertification().then(setState, (e: Error) => setError(e.message || '加载失败'));
  };
  useEffect(load, []);

  if (error || !state) return <PageDataState what="实名认证信息" error={error} retry={load} />;
  const kind: Kind =
    type === 'company' || type === 'personal'
      ? type
      : state.account.ownerType === 'ORGANISATIONS'
        ? 'company'
        : 'personal';
  const pending = state.current?.status === 0;

  return (
    <>
      <Standing state={state} />
      {pending ? (
        <Card style={{ marginTop: 16 }}>
          <Result
            status="info"
            title="认证资料审核中"
            subTitle="运营人员将在 1-3 个工作日内审核，审核期间不能重复提交。"
          />
        </Card>
      ) : (
        <Card
          style={{ marginTop: 16 }}
          title={state.current?.status === 1 ? '重新认证（认证通过后取代当前认证）' : '提交实名认证'}
          extra={
            <Segmented
              value={kind}
              onChange={(v) => navigate(`/account/verify/${v}`)}
              options={[
                { label: '个人认证', value: 'personal' },
                { label: '企业/机构认证', value: 'company' },
              ]}
            />
          }
        >
          <Typography.Paragraph type="secondary">
            {kind === 'company'
              ? '企业认证通过后账户成为企业账号，可购买企业授权场景（企业宣传、电商广告等）；影视、游戏等用途需运营核实后开通企业加强授权。'
              : '个人认证用于授权书与版权服务中的权利人信息。'}
            证件号码仅以脱敏形式保存，证件照片仅供审核人员查看。
          </Typography.Paragraph>
          <CertificationForm key={kind} kind={kind} onDone={load} />
        </Card>
      )}
    </>
  );
}

function Standing({ state }: { state: CertificationState }) {
  const c = state.current;
  return (
    <Card title="实名认证" data-testid="verify-standing">
      <Descriptions column={2} size="small">
        <Descriptions.Item label="账户类型">
          {state.account.ownerType === 'ORGANISATIONS' ? '企业账号' : '个人账号'}
        </Descriptions.Item>
        <Descriptions.Item label="授权等级">
          <Tag color="blue">{AUTH_LEVEL_NAMES[state.account.authLevel]}</Tag>
        </Descriptions.Item>
        {state.account.companyName && (
          <Descriptions.Item label="企业名称">{state.account.companyName}</Descriptions.Item>
        )}
        {c && (
          <Descriptions.Item label="最近申请">
            {c.subjectName}（{c.certificateNo}）
          </Descriptions.Item>
        )}
        {c && <Descriptions.Item label="申请状态">{renderCell('status:certification', c.status)}</Descriptions.Item>}
        {c && <Descriptions.Item label="提交时间">{renderCell('datetime', c.createdAt)}</Descriptions.Item>}
      </Descriptions>
      {!c && <Alert type="info" showIcon message="您尚未进行实名认证" style={{ marginTop: 12 }} />}
      {c?.status === 2 && (
        <Alert
          type="error"
          showIcon
          message={`认证未通过：${c.rejectReason ?? ''}`}
          description="请根据原因修改后重新提交。"
          style={{ marginTop: 12 }}
        />
      )}
    </Card>
  );
}

function CertificationForm({ kind, onDone }: { kind: Kind; onDone: () => void }) {
  const { message } = App.useApp();
  const { refresh } = useUser();
  const { schema, uiSchema, loading } = useFormSchema(SCHEMA[kind]);
  const picked = useRef<Record<string, File[]>>({});
  const [draft, setDraft] = useState<Record<string, any> | undefined>();
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const formContext = useMemo<FileWidgetContext>(
    () => ({ onFileSelected: (fieldId, file) => (picked.current[fieldId.replace(/^root_/, '')] ??= []).push(file) }),
    [],
  );
  const display = useMemo(() => (schema ? forDisplay(schema) : undefined), [schema]);

  const submit = async (formData: Record<string, any>) => {
    setBusy(true);
    setServerError(null);
    setExtraErrors(undefined);
    try {
      await submitCertification(kind, formData, filesInForm(formData, picked.current));
      message.success('已提交，请等待审核');
      await refresh();
      onDone();
    } catch (e) {
      const err = e as RequestError;
      setServerError(err.message || '提交失败');
      setExtraErrors(toExtraErrors(err.data));
    } finally {
      setBusy(false);
    }
  };

  if (!display || loading) return <Skeleton active />;
  return (
    <>
      {serverError && <Alert type="error" showIcon message={serverError} style={{ marginBottom: 16 }} />}
      <Form
        schema={display as RJSFSchema}
        uiSchema={uiSchema}
        formData={draft}
        onChange={({ formData }) => setDraft(formData)}
        {...lumenFormProps}
        formContext={formContext}
        extraErrors={extraErrors}
        transformErrors={dropUnselectedBranchErrors}
        showErrorList={false}
        noHtml5Validate
        onSubmit={({ formData }) => submit(formData)}
        disabled={busy}
      >
        <Button type="primary" htmlType="submit" loading={busy}>
          提交认证
        </Button>
      </Form>
    </>
  );
}
