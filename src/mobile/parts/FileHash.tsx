import { useRef, useState } from 'react';
import { Button, ProgressBar } from 'antd-mobile';
import { hashFile } from '../../components/uploader/sha256';

/**
 * Picks a file and computes its SHA-256 in this browser (the file is never uploaded), as the
 * desktop's drop zones do; `onHash` gets the hash and the file's name.
 */
export function FileHash({
  label,
  accept,
  onHash,
}: {
  label: string;
  accept?: string;
  onHash: (sha256: string, name: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      onHash(await hashFile(file, (p) => setProgress(Math.round(p * 100))), file.name);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };
  return (
    <div style={{ margin: '12px 0' }}>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void run(f);
        }}
      />
      <Button block onClick={() => input.current?.click()} loading={progress !== null}>
        {label}
      </Button>
      <p style={{ fontSize: 12, color: '#595959', margin: '6px 0 0' }}>文件只在本机计算 SHA-256 指纹，不会上传</p>
      {progress !== null && <ProgressBar percent={progress} text={`计算指纹 ${progress}%`} />}
      {error && (
        <p role="alert" style={{ color: '#cf1322' }}>
          {error}
        </p>
      )}
    </div>
  );
}
