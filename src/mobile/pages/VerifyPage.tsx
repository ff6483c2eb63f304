import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useNumberLookup } from '../../hooks/use-number-lookup';
import { Button, List, NoticeBar, SearchBar, Tabs } from 'antd-mobile';
import { DEPOSIT_CERT_NO, lookupSha256, verifyCertificate, type DepositMatch } from '../../pages/copyright/verify-api';
import { FileHash } from '../parts/FileHash';

const time = (iso: string) => new Date(iso).toLocaleString('zh-CN');

function CertificateTab() {
  const {
    input: certNo,
    setInput: setCertNo,
    result,
    error,
    busy,
    check,
  } = useNumberLookup({
    param: 'certNo',
    pattern: DEPOSIT_CERT_NO,
    invalid: '请输入正确的证书编号（LM 加 16 位数字）',
    lookup: verifyCertificate,
  });
  return (
    <>
      <SearchBar
        clearable={false} // its clear icon has no role (see parts/SearchInput.tsx)
        placeholder="存证证书编号"
        aria-label="存证证书编号"
        value={certNo}
        onChange={setCertNo}
        onSearch={(v) => void check(v)}
      />
      <Button block color="primary" loading={busy} onClick={() => void check(certNo)} style={{ marginTop: 8 }}>
        核验
      </Button>
      {error && (
        <div role="alert">
          <NoticeBar wrap color="alert" content={error} style={{ marginTop: 12 }} />
        </div>
      )}
      {result && (
        <div data-testid="m-verify-result">
          <NoticeBar
            wrap
            color={result.valid ? 'info' : 'alert'}
            content={`${result.valid ? '核验通过' : '核验未通过'}：${result.reason}`}
            style={{ margin: '12px 0' }}
          />
          <List>
            <List.Item extra={result.certNo}>证书编号</List.Item>
            <List.Item extra={result.workName}>作品名称</List.Item>
            <List.Item extra={result.owner ?? '-'}>权利人</List.Item>
            <List.Item extra={result.fileName}>存证文件</List.Item>
            <List.Item description={<span style={{ wordBreak: 'break-all' }}>{result.sha256}</span>}>
              文件指纹（SHA-256）
            </List.Item>
            <List.Item extra={time(result.depositedAt)}>存证时间</List.Item>
          </List>
        </div>
      )}
    </>
  );
}

/** A file's hash looked up among completed deposits. */
function FileTab() {
  const [found, setFound] = useState<{ name: string; matches: DepositMatch[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <FileHash
        label="选择要核验的文件"
        onHash={(sha256, name) => {
          setError(null);
          lookupSha256(sha256).then(
            (r) => setFound({ name, matches: r.matches }),
            (e: Error) => setError(e.message),
          );
        }}
      />
      {error && (
        <div role="alert">
          <NoticeBar wrap color="alert" content={error} />
        </div>
      )}
      {found &&
        (found.matches.length ? (
          <List header={`${found.name} 的存证记录`}>
            {found.matches.map((m) => (
              <List.Item key={m.certNo} description={`${m.certNo} · ${time(m.depositedAt)}`}>
                {m.workName}
              </List.Item>
            ))}
          </List>
        ) : (
          <NoticeBar wrap color="alert" content={`${found.name} 未在平台存证`} />
        ))}
    </>
  );
}

/** /copyright/verify/:type? (cert | file): a deposit certificate by number, or a file against the log. */
export default function VerifyPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  return (
    <div className="m-page" data-testid="m-verify">
      <p style={{ fontSize: 14, color: '#595959', marginTop: 0 }}>
        核验平台出具的存证证书，或确认一个文件是否在平台存证、何时存证。
      </p>
      <Tabs
        activeKey={type === 'file' ? 'file' : 'cert'}
        onChange={(k) => navigate(`/copyright/verify/${k}`, { replace: true })}
      >
        <Tabs.Tab title="证书编号核验" key="cert">
          <CertificateTab />
        </Tabs.Tab>
        <Tabs.Tab title="文件核验" key="file">
          <FileTab />
        </Tabs.Tab>
      </Tabs>
      <Link to="/copyright/deposit" className="m-link">
        还没有存证？了解版权存证
      </Link>
    </div>
  );
}
