import { http, toRequestError, unwrap, type Envelope } from '../../dataProvider/axios';

/**
 * Posts a form with files: the JSON form data goes in the `data` part (validated by the server with
 * the same schema as the form), each file field's files under the field's name.
 */
export async function postMultipart<T = any>(
  url: string,
  formData: Record<string, unknown>,
  files: Record<string, File[]>,
  onProgress?: (percent: number) => void,
): Promise<T> {
  const body = new FormData();
  body.append('data', JSON.stringify(formData));
  for (const [field, list] of Object.entries(files)) for (const f of list) body.append(field, f, f.name);
  try {
    const res = await http.post<Envelope<T>>(url, body, {
      onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
    });
    return unwrap(res.data);
  } catch (e) {
    throw toRequestError(e);
  }
}
