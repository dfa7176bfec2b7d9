import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
    },
  },
  build: {
    // WEB_OUT_DIR lets parallel builds (several developers' browser runs) keep apart.
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The spec's loader gives chunks 120 s; keep the first paint small and
    // let each audience tree (member, partner, admin) load as its own chunk.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Left to the bundler, DOMPurify and the rich-text allow-list share a chunk with zod and the
        // contracts' schemas, which put zod on the member home page (its 200 KB budget) though
        // the home page validates nothing. Each gets its own chunk.
        manualChunks: (id) =>
          id.includes('contracts/src/html-allow-list') ? 'html-allow-list' : id.includes('node_modules/dompurify') ? 'dompurify' : undefined,
      },
    },
  },
});
