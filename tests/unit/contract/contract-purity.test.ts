import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * src/schemas is the contract client and server both load (issue #30): data, types and pure
 * functions. A React widget, an axios hook or a server module imported there would reach the
 * server's process or pull server code into the bundle, so every import of it is checked here
 * (npm run lint:deps checks the same with dependency-cruiser; this one runs with the unit tests).
 */
const ROOT = path.resolve(__dirname, '../../..');
const CONTRACT = path.join(ROOT, 'src/schemas');

/** Packages the contract may use: validation and hashing that run the same in a browser and in Node. */
const ALLOWED_PACKAGES = new Set(['ajv', 'ajv-formats', 'crypto-js']);

/**
 * Every module specifier of a source text (static, type-only, re-exports, side-effect, import(),
 * require()), read by TypeScript's own scanner so strings and comments are not taken for imports.
 */
function specifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** The package a bare specifier names ('@rjsf/core/lib/x' -> '@rjsf/core', 'crypto-js/enc-base64' -> 'crypto-js'). */
function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Why an import of `file` breaks the contract, or null when it may stay. */
function violation(file: string, spec: string): string | null {
  if (spec.startsWith('.')) {
    const target = path.resolve(path.dirname(file), spec);
    return target === CONTRACT || target.startsWith(CONTRACT + path.sep)
      ? null
      : `leaves src/schemas (${path.relative(ROOT, target)})`;
  }
  if (spec.startsWith('node:')) return 'a Node built-in (the browser loads the contract too)';
  const pkg = packageOf(spec);
  return ALLOWED_PACKAGES.has(pkg)
    ? null
    : `package ${pkg} is not one the contract may use (${[...ALLOWED_PACKAGES].join(', ')})`;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|js|mjs|cjs|mts|cts)$/.test(f))
    .map((f) => path.join(dir, f));
}

/** The specifiers of a file's forbidden imports, each with the reason. */
function violations(file: string, source: string): Array<{ spec: string; why: string }> {
  return specifiers(source).flatMap((spec) => {
    const why = violation(file, spec);
    return why ? [{ spec, why }] : [];
  });
}

describe('the contract (src/schemas)', () => {
  it('imports nothing but its own files, JSON and ajv/ajv-formats/crypto-js', () => {
    const files = sourceFiles(CONTRACT);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) =>
      violations(f, fs.readFileSync(f, 'utf8')).map(
        ({ spec, why }) => `${path.relative(ROOT, f)} imports '${spec}': ${why}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('holds no React components (.tsx)', () => {
    const tsx = sourceFiles(CONTRACT)
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => path.relative(ROOT, f));
    expect(tsx).toEqual([]);
  });

  it('is checked by a walker that does catch forbidden imports', () => {
    const file = path.join(CONTRACT, 'api', 'probe.ts');
    const source = [
      "import { useState } from 'react';",
      "import type { WidgetProps } from '@rjsf/utils';",
      'import {\n  get,\n} from "../../dataProvider/axios";',
      "export type { MaterialCard } from '../../../server/src/repositories/material-card.js';",
      "const lazy = () => import('antd');",
      "import crypto from 'node:crypto';",
      "import Ajv from 'ajv';",
      "import Base64 from 'crypto-js/enc-base64';",
      "import login from '../forms/login.json';",
      "import type { FromSchema } from './from-schema';",
      "// import x from 'commented-out';",
      "const required = ['from', 'to'];",
    ].join('\n');
    expect(violations(file, source).map((v) => v.spec)).toEqual([
      'react',
      '@rjsf/utils',
      '../../dataProvider/axios',
      '../../../server/src/repositories/material-card.js',
      'antd',
      'node:crypto',
    ]);
  });
});
