import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiTarget = process.env.MARKAZ_API_TARGET ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) } },
  // The manifest (dist/.vite/manifest.json) lets bench/app measure what each lazily loaded page adds.
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 400 },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/locales': apiTarget },
  },
});
