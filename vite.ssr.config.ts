import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The server-render bundle (src/entry-server.tsx), built by vite.config.ts's lumen-ssr plugin in a
 * child process beside the client build: `vite build --config vite.ssr.config.ts --outDir <dir>`.
 * Everything is bundled in (noExternal), so the server imports one self-contained module with the
 * production React and antd whatever its own NODE_ENV: antd's class names must be the client's
 * (a development antd names them css-dev-only-…), or hydration would keep the server's.
 */
export default defineConfig({
  plugins: [react()],
  logLevel: 'warn',
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { ssr: 'src/entry-server.tsx', emptyOutDir: true, copyPublicDir: false, minify: false, sourcemap: false },
});
