import { useState } from 'react';
import { Button, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { readFileMeta } from '../../../schemas/file-meta';
import { resolveRule } from '../../../schemas/registry';
import { ruleSummary, type FileMeta, type UploadRule } from '../../../schemas/file-rules';

/** What a form host may receive for each selected file (e.g. to upload it): pass via formContext. */
export interface FileWidgetContext {
  onFileSelected?: (fieldId: string, file: File, meta: FileMeta) => void;
}

/**
 * `"ui:widget": "lumenFile"`: picks files without uploading them and stores their metadata as the
 * field's value, so the x-file-rule keyword validates them in the form like any other field.
 */
export function FileMetaWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, schema, formContext } = props;
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const [reading, setReading] = useState(false);
  const multiple = schema.type === 'array';
  const ruleRef = (schema as Record<string, unknown>)['x-file-rule'] as string | UploadRule | undefined;
  const rule = ruleRef ? resolveRule(ruleRef) : undefined;
  const current: FileMeta[] = Array.isArray(value) ? value : value ? [value] : [];

  async function handle(list: UploadFile[]) {
    setFileList(list);
    setReading(true);
    try {
      const files = list.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);
      const metas = await Promise.all(files.map((f) => readFileMeta(f)));
      files.forEach((f, i) => (formContext as FileWidgetContext | undefined)?.onFileSelected?.(id, f, metas[i]));
      onChange(multiple ? metas : metas[0]);
    } finally {
      setReading(false);
    }
  }

  return (
    <div id={id}>
      {/* A single-file rule replaces the picked file; above that, extra files stay and the count rule reports them. */}
      <Upload
        multiple={multiple && rule?.maxCount !== 1}
        maxCount={rule?.maxCount === 1 ? 1 : undefined}
        fileList={fileList}
        beforeUpload={() => false}
        disabled={disabled || readonly}
        onChange={({ fileList: l }) => void handle(l)}
      >
        <Button icon={<UploadOutlined />} loading={reading} disabled={disabled || readonly}>
          选择文件
        </Button>
      </Upload>
      {rule && <Typography.Text type="secondary">{ruleSummary(rule)}</Typography.Text>}
      {!fileList.length && current.length > 0 && (
        <Typography.Text>{current.map((f) => f.name).join('、')}</Typography.Text>
      )}
    </div>
  );
}
