/** Builds the baseline page into dist/bench-baseline/ (after the product build), served by the local server. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'bench/baseline',
  base: '/bench-baseline/',
  publicDir: false,
  plugins: [react()],
  build: { outDir: '../../dist/bench-baseline', emptyOutDir: true, target: 'es2022' },
});
