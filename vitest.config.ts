import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Unit files that replace modules (vi.mock), or say they need fresh module state (a comment with
 * `@vitest-isolated`), run isolated; the others share their worker's module graph (scripts/test-all.mjs
 * runs them with --no-isolate: no re-import of antd, Refine and the DOM per file, most of the pass's time).
 * Vitest applies isolation per run, not per project, hence two projects and two runs.
 */
function unitFiles(): { isolated: string[]; plain: string[] } {
  const all = fs
    .readdirSync('tests/unit', { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => path.join('tests/unit', f));
  const isolated = all.filter((f) => /\bvi\.(mock|doMock)\(|@vitest-isolated/.test(fs.readFileSync(f, 'utf8')));
  return { isolated, plain: all.filter((f) => !isolated.includes(f)) };
}
const unit = unitFiles();

/**
 * Projects: unit and unit-shared (happy-dom), api (app.inject on a real database), e2e (Chromium).
 * happy-dom, not jsdom: the unit passes took 194 CPU-s on jsdom and 141 on happy-dom with the same
 * results; a file whose assertions depend on browser HTML parsing says `@vitest-environment jsdom`.
 * Unit tests get 20 s, not vitest's 5: the whole run keeps the browser pass beside them, and a
 * file's first render (antd, schemas, lazy chunks) took 5-8 s of a loaded core there. A hang guard,
 * not a speed check.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: unit.isolated,
          setupFiles: ['tests/helpers/unit-setup.ts'],
          testTimeout: 20000,
          // Hang guard, not a speed limit: a file's beforeAll that imports antd-heavy pages to warm
          // them passed vitest's 10 s default in loaded whole runs (ci63, ci64), at 6-7 s in quiet ones.
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-shared',
          environment: 'happy-dom',
          include: unit.plain,
          setupFiles: ['tests/helpers/unit-setup.ts'],
          testTimeout: 20000,
          // Hang guard, not a speed limit: a file's beforeAll that imports antd-heavy pages to warm
          // them passed vitest's 10 s default in loaded whole runs (ci63, ci64), at 6-7 s in quiet ones.
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/helpers/api-setup.ts'],
          // Hang guards, not speed checks: a test that drives Chromium captures or inserts 10,001
          // rows took 8-16 s alone and over 30 s on a machine half as fast with both cores shared
          // by four passes (a run of this command on such a machine; see docs/testing.md).
          testTimeout: 120000,
          hookTimeout: 240000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120000,
          hookTimeout: 240000,
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/csp-setup.ts'],
        },
      },
    ],
  },
});
