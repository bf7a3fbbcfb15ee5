// The console's browser application: React, built by Vite into services/console/dist, which the console
// backend serves. `pnpm --filter console dev:web` serves it with hot reload, proxying /api to a running console.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const outDir = fileURLToPath(new URL('../dist', import.meta.url));

/**
 * Brotli and gzip copies of every script and stylesheet, written once at build time at the highest levels
 * (too slow to do per request), served by the backend with the matching Content-Encoding (src/static-files.ts).
 */
function precompress() {
  return {
    name: 'console-precompress',
    apply: 'build',
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const body = readFileSync(join(assets, name));
        writeFileSync(join(assets, `${name}.gz`), gzipSync(body, { level: 9 }));
        writeFileSync(
          join(assets, `${name}.br`),
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React is needed by every page: one long-lived chunk of its own, apart from the app's code that changes.
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:4004' } },
});
