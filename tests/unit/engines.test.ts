import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(__dirname, '../..');
const readJson = (f: string) => JSON.parse(fs.readFileSync(path.join(ROOT, f), 'utf8'));

describe('the Node version package.json declares', () => {
  const declared: string = readJson('package.json').engines.node;
  const oldest = semver.minVersion(declared)!.version;

  it('is accepted by every package in the lock file (npm install prints no EBADENGINE)', () => {
    const packages: Record<string, { version?: string; engines?: { node?: string } }> =
      readJson('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .filter(([where, p]) => where && typeof p.engines?.node === 'string' && !semver.satisfies(oldest, p.engines.node))
      .map(([where, p]) => `${where.replace(/^.*node_modules\//, '')}@${p.version} wants node ${p.engines!.node}`);
    expect(refusing, `Node ${oldest} (package.json: ${declared})`).toEqual([]);
  });

  it('is the Node these machines run or older', () => {
    expect(semver.satisfies(process.versions.node, declared)).toBe(true);
  });
});
