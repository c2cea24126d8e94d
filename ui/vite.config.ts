import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

const dataDir = fileURLToPath(new URL('../data', import.meta.url));

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      '@data': dataDir,
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    fs: { allow: ['.', dataDir] },
    proxy: {
      '/api': { target: 'http://127.0.0.1:8000', changeOrigin: true },
      '/auth': { target: 'http://127.0.0.1:8000', changeOrigin: true },
    },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page loads, read by scripts/check-budgets.mjs.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically travels as one chunk: left to itself the bundler
          // cut it into some twenty small files, and a phone on a slow link (HTTP/1.1, six
          // connections) paid a round trip for each before the first paint.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // Worker threads, not child processes, and one jsdom and module graph per worker rather than per file:
    // building them for each of ~60 files was most of the suite's time (88 s -> about 15 s on 2 cores,
    // bench/RESULTS.md, issue 35). tests/setup.ts gives each file a blank page, storage, cookies and mocks.
    pool: 'threads',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    setupFiles: ['./tests/setup.ts'],
    css: false,
    // CI runs this suite beside the browser tests, which keep both cores busy: a test may take several times what
    // it takes alone (a 5-s flow timed out there once), so the limits are for a loaded machine.
    testTimeout: 30_000,
  },
});
