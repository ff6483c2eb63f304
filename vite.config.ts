import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500, sourcemap: false, manifest: true },
});
