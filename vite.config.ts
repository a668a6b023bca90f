import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { earlyPreload } from './scripts/earlyPreload';
import { shellChunkName } from './scripts/shellChunk';

const root = fileURLToPath(new URL('.', import.meta.url));

const apiTarget = process.env.MARKAZ_API_TARGET ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react(), earlyPreload(root)],
  resolve: { alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json lets bench/app measure what each lazily loaded page adds.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Everything the entry imports statically in one chunk: the login page loads two files instead of a dozen
      // small common chunks (fewer requests, better gzip); the shell and every page stay lazy chunks.
      output: { codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }, { name: shellChunkName(root) }] } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/locales': apiTarget },
  },
});
