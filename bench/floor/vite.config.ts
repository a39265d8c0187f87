import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress';

// Built by bench/bytes.ts with the app's Vite, React plugin and precompression; the out dir is given on the command line.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  base: '/',
  build: { manifest: true },
});
