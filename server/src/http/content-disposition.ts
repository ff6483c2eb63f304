/**
 * A safe Content-Disposition for a download (ASVS 5.4.1): an ASCII fallback filename with
 * quotes/controls removed, plus the RFC 5987 filename* carrying the real (Chinese) name.
 */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  // eslint-disable-next-line no-control-regex -- control characters are what the fallback name drops
  const clean = filename.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(0, 150) || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
