import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  base: '/',
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // The manifest maps each route's module to its chunks: the bytes budgets (bench/bytes.ts) read it.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
