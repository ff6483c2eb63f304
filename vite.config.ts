import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDir } from './server/src/http/precompress';

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

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500, sourcemap: false, manifest: true },
});
