import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildClientIfChanged, clientInputsHash, startClientBuildIfChanged } from '../../scripts/client-build.mjs';

/** npm start rebuilds the client only when what it is made from changed (scripts/client-build.mjs). */
describe('the client build of npm start', () => {
  let root = '';
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-client-build-'));
    write('src/main.tsx', 'render()');
    write('index.html', '<div id="root"></div>');
    write('public/favicon.svg', '<svg/>');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('hashes the inputs: a changed, added or renamed source, a .env file or a VITE_ variable changes it; other things do not', () => {
    const env = { PATH: '/bin' };
    const first = clientInputsHash({ root, env });
    expect(clientInputsHash({ root, env })).toBe(first);
    expect(clientInputsHash({ root, env: { ...env, PORT: '4000', LOG_LEVEL: 'warn' } })).toBe(first);
    write('dist/index.html', 'built output is not an input');
    write('server/src/routes/x.ts', 'server code the client does not read');
    expect(clientInputsHash({ root, env })).toBe(first);

    expect(clientInputsHash({ root, env: { ...env, VITE_API_BASE: 'https://api.example' } })).not.toBe(first);
    write('src/main.tsx', 'render(1)');
    const edited = clientInputsHash({ root, env });
    expect(edited).not.toBe(first);
    fs.renameSync(path.join(root, 'src/main.tsx'), path.join(root, 'src/entry.tsx'));
    expect(clientInputsHash({ root, env })).not.toBe(edited);
    write('.env.production', 'VITE_MOBILE_BASE=/m/');
    expect(clientInputsHash({ root, env })).not.toBe(edited);
  });

  it('builds when there is no build or its inputs changed, skips an up-to-date build, and builds again after a failed one', () => {
    const outDir = path.join(root, 'dist');
    const builds: string[] = [];
    const build = (dir: string) => {
      builds.push(dir);
      fs.mkdirSync(dir, { recursive: true });
    };
    expect(buildClientIfChanged({ root, outDir, build })).toBe(true);
    expect(buildClientIfChanged({ root, outDir, build })).toBe(false);
    expect(builds).toEqual([outDir]);

    write('src/main.tsx', 'render(2)');
    expect(buildClientIfChanged({ root, outDir, build })).toBe(true);
    expect(builds).toHaveLength(2);

    write('src/main.tsx', 'render(3)');
    const failing = () => {
      throw new Error('vite build failed');
    };
    expect(() => buildClientIfChanged({ root, outDir, build: failing })).toThrow('vite build failed');
    // The stamp of the older build is gone with the failure: the next start builds.
    expect(buildClientIfChanged({ root, outDir, build })).toBe(true);
    expect(builds).toHaveLength(3);
  });

  it("npm start's build marks the folder as building (this process) until it ends, and a failed one leaves no stamp", async () => {
    const outDir = path.join(root, 'dist');
    const marker = `${outDir}.building`;
    const seen: string[] = [];
    const build = async (dir: string) => {
      seen.push(fs.readFileSync(marker, 'utf8'));
      fs.mkdirSync(dir, { recursive: true });
    };
    const running = startClientBuildIfChanged({ root, outDir, build });
    // Written before it returns: a server started right after sees it.
    expect(fs.readFileSync(marker, 'utf8')).toBe(String(process.pid));
    await running;
    expect(seen).toEqual([String(process.pid)]);
    expect(fs.existsSync(marker)).toBe(false);
    expect(startClientBuildIfChanged({ root, outDir, build })).toBeNull();

    write('src/main.tsx', 'render(4)');
    const failing = startClientBuildIfChanged({
      root,
      outDir,
      build: async () => {
        throw new Error('vite build failed');
      },
    });
    await expect(failing).rejects.toThrow('vite build failed');
    expect(fs.existsSync(marker)).toBe(false);
    const again = startClientBuildIfChanged({ root, outDir, build });
    expect(again).not.toBeNull();
    await again;
  });
});
