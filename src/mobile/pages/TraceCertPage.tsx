import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useNumberLookup } from '../../hooks/use-number-lookup';
import { Button, List, NoticeBar, SearchBar, Steps, Tag } from 'antd-mobile';
import { checkTraceCertificate } from '../../components/trace/trace-api';
import { TRACE_CERT_NO_PATTERN, TRACE_EVENT_KINDS, type TraceCertCheck } from '../../schemas/api/trace';
import { FileHash } from '../parts/FileHash';

const CERT_NO = new RegExp(TRACE_CERT_NO_PATTERN);
const time = (iso: string) => new Date(iso).toLocaleString('zh-CN');

/** The held certificate PDF against the logged one (hashed on the phone). */
function FileCheck({ certNo }: { certNo: string }) {
  const [result, setResult] = useState<{ ok: boolean; reason: string; name: string } | null>(null);
  return (
    <>
      <FileHash
        label="选择证书 PDF 核验文件"
        accept="application/pdf,.pdf"
        onHash={(sha256, name) =>
          void checkTraceCertificate(certNo, sha256).then(
            (r) => setResult({ ok: !!r.fileMatches, reason: r.reason, name }),
            (e: Error) => setResult({ ok: false, reason: e.message, name }),
          )
        }
      />
      {result && (
        <NoticeBar
          wrap
          color={result.ok ? 'info' : 'alert'}
          content={`${result.ok ? '文件核验通过' : '文件核验未通过'}：${result.name}。${result.reason}`}
        />
      )}
    </>
  );
}

function Result({ r }: { r: TraceCertCheck }) {
  return (
    <div data-testid="m-trace-result">
      <NoticeBar
        wrap
        color={r.valid ? 'info' : 'alert'}
        content={`${r.valid ? '核验通过' : '核验未通过'}：${r.reason}`}
        style={{ margin: '12px 0' }}
      />
      <List>
        <List.Item extra={<span data-testid="m-trace-cert-no">{r.certNo}</span>}>证书编号</List.Item>
        <List.Item extra={r.workTitle}>作品名称</List.Item>
        <List.Item extra={r.owner || '-'}>权利人</List.Item>
        <List.Item extra={time(r.issuedAt)}>出具时间</List.Item>
        <List.Item description={<span style={{ wordBreak: 'break-all' }}>{r.sha256}</span>}>
          证书指纹（SHA-256）
        </List.Item>
        <List.Item extra={`叶子 #${r.leafIndex}，树大小 ${r.treeSize}`}>存证日志</List.Item>
      </List>
      <FileCheck certNo={r.certNo} />
      <h3 className="m-section-title">证书记载的时间线（{r.events.length} 条）</h3>
      <Steps direction="vertical" current={r.events.length}>
        {r.events.map((e, i) => (
          <Steps.Step
            key={i}
            status="finish"
            title={
              <>
                <Tag color="primary" fill="outline">
                  {TRACE_EVENT_KINDS[e.kind].label}
                </Tag>{' '}
                {e.title}
              </>
            }
            description={
              <span style={{ wordBreak: 'break-all' }}>
                {time(e.at)}
                {e.detail ? `　${e.detail}` : ''}
                {e.status ? `（${e.status}）` : ''}
              </span>
            }
          />
        ))}
      </Steps>
    </div>
  );
}

/** /trace/cert?no=: the trace certificate the PDF's QR code names, checked against the evidence log. */
export default function TraceCertPage() {
  const { input, setInput, result, error, busy, check } = useNumberLookup({
    param: 'no',
    pattern: CERT_NO,
    invalid: '请输入正确的溯源证书编号，例如 TR2026112500000001-ABCDEF',
    lookup: (no: string) => checkTraceCertificate(no),
    checkOnOpen: true,
  });
  return (
    <div className="m-page" data-testid="m-trace-cert">
      <p style={{ fontSize: 14, color: '#595959', marginTop: 0 }}>
        输入溯源证书编号，查看证书记载的作品权属与传播时间线，并核对证书指纹是否在平台存证日志中。
      </p>
      <SearchBar
        clearable={false} // its clear icon has no role (see parts/SearchInput.tsx)
        placeholder="溯源证书编号"
        value={input}
        onChange={setInput}
        onSearch={(v) => void check(v)}
        aria-label="溯源证书编号"
      />
      <Button block color="primary" loading={busy} onClick={() => void check(input)} style={{ marginTop: 8 }}>
        核验
      </Button>
      {error && (
        <div role="alert">
          <NoticeBar wrap color="alert" content={error} style={{ marginTop: 12 }} />
        </div>
      )}
      {result && <Result r={result} />}
      <Link to="/trace/solid-evidence" className="m-link">
        了解版权溯源服务
      </Link>
    </div>
  );
}
