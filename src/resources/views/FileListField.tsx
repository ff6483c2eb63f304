import { useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { Form, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { resolveRule, ruleSummary, type FileMeta } from '../../schemas';
import { readFileMeta } from './file-meta';

/** Files picked in a form, by field name; the form posts them as multipart parts. */
export type FormFiles = Record<string, File[]>;

/**
 * RJSF field for an array of file metadata with an `x-file-rule`: an antd Upload that keeps the
 * File objects for the multipart submit and gives RJSF the metadata the shared validator checks.
 */
export function FileListField(props: FieldProps) {
  const { schema, name, formContext, onChange, required, disabled, readonly } = props;
  const ref = (schema as any)['x-file-rule'];
  const rule = ref ? resolveRule(ref) : undefined;
  const [list, setList] = useState<UploadFile[]>([]);
  const files: FormFiles = formContext?.files ?? {};

  const update = async (next: UploadFile[]) => {
    setList(next);
    const picked = next.map((f) => f.originFileObj as File).filter(Boolean);
    files[name] = picked;
    const metas: FileMeta[] = await Promise.all(picked.map((f) => readFileMeta(f, rule)));
    onChange(metas.length ? metas : undefined);
  };

  // Errors are shown by RJSF's field template under the field; here only label and the rule hint.
  return (
    <Form.Item label={schema.title ?? name} required={required} extra={rule ? ruleSummary(rule) : '请先选择作品类别'} style={{ marginBottom: 4 }}>
      <Upload.Dragger
        multiple={(rule?.maxCount ?? 1) > 1}
        fileList={list}
        disabled={disabled || readonly || !rule}
        accept={rule?.extensions.map((e) => `.${e}`).join(',')}
        beforeUpload={() => false}
        onChange={({ fileList }) => update(fileList)}
        data-testid={`file-${name}`}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <Typography.Text>点击或拖拽文件到此处</Typography.Text>
      </Upload.Dragger>
    </Form.Item>
  );
}

export const fileFields = { lumenFiles: FileListField };
