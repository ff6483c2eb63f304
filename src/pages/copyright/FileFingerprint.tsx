import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, List, Progress, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { hashFile } from '../../components/uploader/sha256';
import { formatDateTime } from '../../resources/views/cells';
import { lookupSha256, type DepositMatch } from './verify-api';

type State =
  | { phase: 'idle' }
  | { phase: 'hashing'; name: string; progress: number }
  | { phase: 'done'; name: string; sha256: string; matches: DepositMatch[] }
  | { phase: 'error'; message: string };

/**
 * Drop a file: its SHA-256 is computed in this browser (a worker, in slices) and looked up in the
 * evidence log; the file itself is never uploaded. `expected` (a certificate's hash) is compared too.
 */
export function FileFingerprint({
  expected,
  onHashed,
}: {
  expected?: string;
  onHashed?: (sha256: string, file: File) => void;
}) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const run = async (file: File) => {
    setState({ phase: 'hashing', name: file.name, progress: 0 });
    try {
      const sha256 = await hashFile(file, (p) =>
        setState({ phase: 'hashing', name: file.name, progress: Math.round(p * 100) }),
      );
      onHashed?.(sha256, file);
      const r = await lookupSha256(sha256);
      setState({ phase: 'done', name: file.name, sha256, matches: r.matches });
    } catch (e) {
      setState({ phase: 'error', message: (e as Error).message || '计算失败' });
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div data-testid="fingerprint-drop">
        <Upload.Dragger
          multiple={false}
          showUploadList={false}
          beforeUpload={(f) => {
            void run(f);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖入文件，在本地计算 SHA-256 指纹</p>
          <p className="ant-upload-hint">文件不会上传，只有指纹用于查询存证记录</p>
        </Upload.Dragger>
      </div>
      {state.phase === 'hashing' && (
        <Progress percent={state.progress} status="active" format={(p) => `计算中 ${p}%`} />
      )}
      {state.phase === 'error' && <Alert type="error" showIcon message={state.message} />}
      {state.phase === 'done' && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="fingerprint-result">
          <Typography.Text>文件：{state.name}</Typography.Text>
          <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
            {state.sha256}
          </Typography.Text>
          {expected &&
            (state.sha256 === expected.toLowerCase() ? (
              <Alert type="success" showIcon message="文件与证书记载的指纹一致：这正是存证的文件，且未被修改" />
            ) : (
              <Alert type="error" showIcon message="文件与证书记载的指纹不一致：不是存证的文件，或文件已被修改" />
            ))}
          {state.matches.length ? (
            <List
              header={`存证记录中找到 ${state.matches.length} 条`}
              bordered
              dataSource={state.matches}
              renderItem={(m) => (
                <List.Item
                  actions={[
                    <Link key="v" to={`/copyrightVerify/cert?certNo=${m.certNo}`}>
                      核验证书
                    </Link>,
                  ]}
                >
                  <List.Item.Meta
                    title={`${m.workName}（${m.certNo}）`}
                    description={`权利人：${m.owner ?? '-'}　存证时间：${formatDateTime(m.depositedAt)}　文件名：${m.fileName}`}
                  />
                </List.Item>
              )}
            />
          ) : (
            <Alert
              type="info"
              showIcon
              message="存证记录中没有这个文件"
              description="该文件没有在本平台完成存证，或文件已被修改（任何一个字节的变化都会改变指纹）。"
            />
          )}
        </Space>
      )}
    </Space>
  );
}
