import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { appFrames } from './scripts/appFrames.ts';
import { earlyPreload } from './scripts/earlyPreload.ts';
import { LIST_ROOT, SHELL_ROOTS, reachableChunkName } from './scripts/shellChunk.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

const apiTarget = process.env.MARKAZ_API_TARGET ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react(), earlyPreload(root), appFrames(root)],
  resolve: { alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json lets bench/app measure what each lazily loaded page adds.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Everything the entry imports statically in one chunk: the login page loads two files instead of a dozen
      // small common chunks (fewer requests, better gzip); the shell and every page stay lazy chunks. The shell and
      // the student list's shared modules are one chunk each (scripts/shellChunk.ts).
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'] },
            { name: reachableChunkName(root, SHELL_ROOTS, 'shell') },
            { name: reachableChunkName(root, [LIST_ROOT], 'list', true) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/locales': apiTarget },
  },
});
