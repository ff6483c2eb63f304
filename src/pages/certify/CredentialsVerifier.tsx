import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Descriptions, List, Space, Spin, Steps, Tag, Typography, Upload } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { CredentialsVerify } from '../../schemas/api/content-credentials';
import { CREDENTIALS_VERIFY_MAX_BYTES } from '../../schemas/api/content-credentials';
import { formatDateTime } from '../../resources/views/cells';
import { verifyCredentials } from '../copyright/verify-api';

type Credentials = NonNullable<CredentialsVerify['credentials']>;

/** A relative link inside the site, or the absolute URL the manifest names (another deployment's). */
const sitePath = (url: string) => {
  try {
    const u = new URL(url, window.location.origin);
    return u.origin === window.location.origin ? u.pathname : url;
  } catch {
    return url;
  }
};
const SiteLink = ({ url, children }: { url: string; children: React.ReactNode }) => {
  const p = sitePath(url);
  return p.startsWith('/') ? <Link to={p}>{children}</Link> : <a href={p}>{children}</a>;
};

/** The chain the credentials prove: creator → deposit → licence → this copy. */
function Chain({ c }: { c: Credentials }) {
  const ok = c.valid && c.signedByPlatform;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="credentials-result">
      <Alert
        type={ok ? 'success' : 'error'}
        showIcon
        message={ok ? '内容凭证有效：由流明素材签发' : '内容凭证未通过校验'}
        description={
          ok
            ? `签名证书：${c.signer ?? '-'}；文件自签发后未被修改`
            : [
                !c.signedByPlatform && `签名方不是本平台（${c.signer ?? '未知'}）`,
                c.failures.length && `未通过：${c.failures.join('、')}`,
              ]
                .filter(Boolean)
                .join('；')
        }
      />
      {ok && (
        <Steps
          direction="vertical"
          size="small"
          current={4}
          items={[
            {
              title: '创作者',
              description: c.work ? `${c.work.creator}《${c.work.title}》` : '—',
            },
            {
              title: '存证',
              status: c.deposit && c.receiptSteps.every((s) => s.ok !== false) ? 'finish' : 'error',
              description: c.deposit ? (
                <>
                  <SiteLink url={c.deposit.certificateUrl}>{c.deposit.certNo}</SiteLink>
                  ，存证日志第 {c.deposit.leafIndex} 条，包含于 {c.deposit.treeSize} 条的已签名检查点
                </>
              ) : (
                '该作品未存证'
              ),
            },
            {
              title: '授权',
              status: c.licence?.current ? 'finish' : 'error',
              description: c.licence ? (
                <>
                  {c.licence.licensee}，{c.licence.scenarioName}，{formatDateTime(c.licence.licensedAt)}，
                  <SiteLink url={c.licence.verifyUrl}>授权证书 {c.licence.number}</SiteLink>
                  {!c.licence.current && <Tag color="red">授权已失效</Tag>}
                </>
              ) : (
                '—'
              ),
            },
            { title: '本文件', description: '授权下载的原文件，仅添加了内容凭证' },
          ]}
        />
      )}
      {c.receiptSteps.length > 0 && (
        <Descriptions bordered size="small" column={1} title="存证回执校验">
          {c.receiptSteps.map((s) => (
            <Descriptions.Item key={s.label} label={s.label}>
              <Tag color={s.ok === false ? 'red' : s.ok ? 'green' : 'default'}>
                {s.ok === false ? '校验失败' : s.ok ? '校验通过' : '未校验'}
              </Tag>
              {s.detail}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Space>
  );
}

/** The catalogue matches of a file without credentials: same bytes as a deposit, or perceptually similar. */
function Matches({ r }: { r: CredentialsVerify }) {
  if (!r.hashMatches.length && !r.similar.length)
    return (
      <Alert type="info" showIcon message="文件没有内容凭证，也未匹配到平台素材" data-testid="credentials-result" />
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="credentials-result">
      <Alert type="warning" showIcon message="文件没有内容凭证，已按指纹匹配到平台素材" />
      {r.hashMatches.length > 0 && (
        <List
          size="small"
          header="文件哈希与以下存证相同"
          dataSource={r.hashMatches}
          renderItem={(m) => (
            <List.Item>
              <Link to={`/certifiy/copyright/deposit/${m.certNo}`}>{m.certNo}</Link>　{m.workName}
            </List.Item>
          )}
        />
      )}
      {r.similar.length > 0 && (
        <List
          size="small"
          header="画面与以下素材相近（感知指纹）"
          dataSource={r.similar}
          renderItem={(m) => (
            <List.Item>
              <Link to={`/video/detail/${m.materialId}`}>{m.title}</Link>　相似度 {Math.round(m.similarity * 100)}%
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}

/**
 * Checks a file's Content Credentials (C2PA) on the server: the chain creator → deposit → licence →
 * this copy for a licensed download; a hash and fingerprint match for a file without them.
 */
export default function CredentialsVerifier() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CredentialsVerify | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = async (file: File) => {
    setResult(null);
    setError(null);
    if (file.size > CREDENTIALS_VERIFY_MAX_BYTES) {
      setError(`文件过大，查验的文件不能超过 ${CREDENTIALS_VERIFY_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    setBusy(true);
    try {
      setResult(await verifyCredentials(file));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div data-testid="credentials-drop">
        <Upload.Dragger
          multiple={false}
          showUploadList={false}
          beforeUpload={(f) => {
            void check(f);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <SafetyCertificateOutlined />
          </p>
          <p className="ant-upload-text">点击或拖入从流明素材下载的图片或视频</p>
          <p className="ant-upload-hint">文件将发送到服务器读取内容凭证与指纹，查验后不保存</p>
        </Upload.Dragger>
      </div>
      {busy && <Spin tip="查验中…" />}
      {error && <Alert type="error" showIcon message={error} />}
      {result && (
        <>
          <Typography.Text type="secondary">SHA-256：{result.sha256}</Typography.Text>
          {result.credentials ? <Chain c={result.credentials} /> : <Matches r={result} />}
        </>
      )}
    </Space>
  );
}
