import { execFile, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';
import react from '@vitejs/plugin-react';
import { precompressDir } from './server/src/http/precompress';
import { earlyScript, earlyUrl, type EarlyRequest } from './src/dataProvider/early';
import type { PageAssets } from './src/schemas/page-assets';
import { HOME_EARLY_REQUESTS } from './src/pages/home/early-requests';
import { MOBILE_HOME_EARLY_REQUESTS } from './src/mobile/early-requests';

const require = createRequire(import.meta.url);

interface EarlyPage {
  module: string;
  requests: EarlyRequest[];
  /** A page of the mobile site: rendered into m/index.html with its styles written into the page. */
  mobile?: boolean;
}

/**
 * Pages the server renders (src/entry-server.tsx); the desktop ones' API calls and code
 * index.html also starts at once when the page comes without a render (src/dataProvider/early.ts).
 */
const MOBILE_HOME: EarlyPage = {
  module: 'src/mobile/pages/HomePage.tsx',
  requests: MOBILE_HOME_EARLY_REQUESTS,
  mobile: true,
};
const EARLY_PAGES: Record<string, EarlyPage> = {
  '/': { module: 'src/pages/home/HomePage.tsx', requests: HOME_EARLY_REQUESTS },
  '/m': MOBILE_HOME,
  '/m/': MOBILE_HOME,
};

/**
 * The chunk of a page module and every chunk it imports statically, at any depth (the entry's own
 * are loaded already). A mobile page's styles include its entry's: they are written into the page.
 */
function chunksOf(bundle: OutputBundle, page: EarlyPage): { modules: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(page.module));
  // The desktop entry (index.html) or the mobile site's (m/index.html), two entries of the same build.
  const entry = chunks.find((c) => c.isEntry && isMobileHtml(c.facadeModuleId ?? '') === !!page.mobile);
  if (!chunk) return { modules: [], styles: [] };
  const skip = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  const files: string[] = [];
  const visit = (f: string) => {
    if (skip.has(f) || files.includes(f)) return;
    files.push(f);
    (bundle[f] as OutputChunk).imports.forEach(visit);
  };
  visit(chunk.fileName);
  const cssOf = (f: string | undefined) => [...((f && (bundle[f] as OutputChunk)?.viteMetadata?.importedCss) || [])];
  const entryCss = page.mobile && entry ? [entry.fileName, ...entry.imports].flatMap(cssOf) : [];
  const styles = [...new Set([...entryCss, ...files.flatMap(cssOf)])];
  return { modules: files.map((f) => `/${f}`), styles: styles.map((f) => `/${f}`) };
}

/** The mobile site's page (m/index.html, served under /m/ by plugins/client.ts): no antd, no early requests. */
const isMobileHtml = (file: string) => /(^|[\\/])m[\\/]index\.html$/.test(file);

/** What each early page needs (its API calls, code chunks, styles): the inline script's list, and the server render's (lumen-ssr). */
const pageAssets: Record<string, PageAssets> = {};

/**
 * Inlines the early-request script into the built index.html. Only when the API is this origin
 * (VITE_API_BASE unset): the script fetches relative URLs.
 */
function earlyRequests(): Plugin {
  let sameOrigin = true;
  return {
    name: 'lumen-early-requests',
    apply: 'build',
    configResolved(c) {
      sameOrigin = !loadEnv(c.mode, c.root, 'VITE_').VITE_API_BASE;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!sameOrigin || !ctx.bundle || isMobileHtml(ctx.filename)) return [];
        const byPath: Record<string, PageAssets> = Object.fromEntries(
          Object.entries(EARLY_PAGES).map(([path, page]) => [
            path,
            {
              urls: page.requests.map((r) => earlyUrl(r.path, r.params)),
              ...chunksOf(ctx.bundle!, page),
              ...(page.mobile ? { template: 'mobile', inline: true } : {}),
            },
          ]),
        );
        Object.assign(pageAssets, byPath);
        // index.html's script serves the desktop pages only (the mobile site has its own page).
        const desktop = Object.fromEntries(Object.entries(byPath).filter(([p]) => !EARLY_PAGES[p].mobile));
        return [{ tag: 'script', children: earlyScript(desktop), injectTo: 'head' }];
      },
    },
  };
}

/** After the client is written, a .br and .gz beside each asset (served as-is by plugins/client.ts). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lumen-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}

/**
 * The antd styles of the first render as a hashed CSS file linked from index.html
 * (scripts/antd-static-css.tsx says why). Made in a child process: it renders antd with React on
 * the server side, which this config's process need not load.
 */
function antdStaticCss(): Plugin {
  const NAME = 'antd-first.css';
  return {
    name: 'lumen-antd-static-css',
    apply: 'build',
    buildStart() {
      const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-antd-')), NAME);
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/antd-static-css.tsx', out], {
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: 'ignore',
      });
      this.emitFile({ type: 'asset', name: NAME, source: fs.readFileSync(out) });
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (isMobileHtml(ctx.filename)) return [];
        const asset = Object.values(ctx.bundle ?? {}).find((a) => a.type === 'asset' && a.names?.includes(NAME));
        return asset
          ? [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${asset.fileName}` }, injectTo: 'head-prepend' }]
          : [];
      },
    },
  };
}

/** Where the server-render bundle of a client build in `outDir` goes (read by server/src/http/server-render.ts). */
const ssrOutDir = (outDir: string) => `${outDir.replace(/[\\/]+$/, '')}-ssr`;

/**
 * The server-render bundle (vite.ssr.config.ts), built in a child process while this process
 * builds the client (about 25 s of the build's time, on the other core), then the early pages'
 * assets beside it as page-assets.json: the server renders those pages (src/entry-server.tsx).
 */
function serverRender(): Plugin {
  let outDir = '';
  let child: Promise<void> | undefined;
  return {
    name: 'lumen-ssr',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    buildStart() {
      const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
      const args = [vite, 'build', '--config', 'vite.ssr.config.ts', '--outDir', ssrOutDir(outDir), '--emptyOutDir'];
      child = new Promise((resolve, reject) =>
        execFile(process.execPath, args, { env: { ...process.env, NODE_ENV: 'production' } }, (err, _out, stderr) =>
          err ? reject(new Error(`server-render build failed: ${stderr}`)) : resolve(),
        ),
      );
      child.catch(() => undefined);
    },
    async closeBundle() {
      await child;
      fs.writeFileSync(path.join(ssrOutDir(outDir), 'page-assets.json'), JSON.stringify(pageAssets));
    },
  };
}

export default defineConfig({
  plugins: [react(), antdStaticCss(), earlyRequests(), precompress(), serverRender()],
  server: {
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    sourcemap: false,
    manifest: true,
    // Two pages of one build: the desktop site and the mobile site (m/index.html -> dist/m/index.html).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        mobile: fileURLToPath(new URL('./m/index.html', import.meta.url)),
      },
    },
  },
});
