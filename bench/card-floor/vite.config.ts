import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress';
import { leanCodeSplitting, noIcuParser } from '../../scripts/vite-lean';

// Built by bench/bytes.ts with the app's Vite, React plugin, precompression, ICU-parser alias and
// chunk groups (scripts/vite-lean.ts), so that the difference to the app is the app's own code only.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  base: '/',
  resolve: { alias: [noIcuParser] },
  build: { manifest: true, rolldownOptions: { output: { codeSplitting: leanCodeSplitting } } },
});
