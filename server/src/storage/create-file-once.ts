import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Creates `file` with `content()` unless it exists, safely against other processes doing the
 * same on a shared folder: written whole under a temporary name, then hard-linked into place
 * (which fails if another process won), so a reader never sees half a file. For generated keys.
 */
export function createFileOnce(file: string, content: () => string): void {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, content(), { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
  } catch (e: any) {
    if (e.code !== 'EEXIST') throw e;
  } finally {
    fs.unlinkSync(tmp);
  }
}
