import crypto from 'node:crypto';

export interface Part {
  name: string;
  value?: string;
  file?: { filename: string; contentType: string; data: Buffer };
}

/** A multipart/form-data body for app.inject (fields and files in the given order). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lumen${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(p.file.data, Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The deposit/registration form as the generated view posts it: JSON `data` first, then the files. */
export function formWithFiles(
  data: object,
  files: Array<{ filename: string; contentType: string; data: Buffer }>,
  field = 'files',
) {
  return multipart([{ name: 'data', value: JSON.stringify(data) }, ...files.map((file) => ({ name: field, file }))]);
}

/** Browser-style metadata the form carries for a file. */
export const metaOf = (f: { filename: string; contentType: string; data: Buffer }, extra: object = {}) => ({
  name: f.filename,
  size: f.data.length,
  type: f.contentType,
  ...extra,
});

/** A minimal valid PDF (file-type detects it by its %PDF header). */
export const tinyPdf = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
