import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * Local file storage under DATA_DIR/files. Keys are server-generated ("<group>/<yyyymm>/<random>.<ext>"),
 * never user-supplied paths, so no request can reach outside the folder.
 */
export class FileStorage {
  constructor(public readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  newKey(group: string, ext: string): string {
    const safeExt = ext.replace(/[^a-z0-9]/gi, '').toLowerCase().slice(0, 8) || 'bin';
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    return `${group}/${month}/${crypto.randomBytes(12).toString('hex')}.${safeExt}`;
  }

  /** Absolute path of a key; throws on anything that is not a plain stored key. */
  pathOf(key: string): string {
    if (!/^[a-z0-9_-]+(\/[a-z0-9_.-]+)+$/i.test(key) || key.includes('..')) throw new Error('bad storage key');
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer | Uint8Array): Promise<string> {
    const p = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(p), { recursive: true });
    await fs.promises.writeFile(p, data);
    return key;
  }

  exists(key: string): boolean {
    return fs.existsSync(this.pathOf(key));
  }

  read(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(key));
  }

  stream(key: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(key));
  }
}
