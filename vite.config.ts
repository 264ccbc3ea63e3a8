/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './scripts/service-worker-plugin.ts';

const serverPort = Number(process.env.PORT ?? 8080);
const apiTarget = `http://127.0.0.1:${serverPort}`;

/**
 * This build, as session recordings name it (core-worker/app-name.ts): the commit it is built from, `.modified`
 * when tracked files had changes, or — outside a git checkout — when it was built.
 */
function buildId(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', '--short=10', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') === '' ? commit : `${commit}.modified`;
  } catch {
    return `built.${new Date().toISOString().replace(/[-:]|\.\d+/g, '')}`;
  }
}

export default defineConfig({
  root: 'ui',
  publicDir: false,
  // The app-shell service worker (dist/sw.js), in production builds only: Plaza opens offline.
  define: { __PLAZA_BUILD__: JSON.stringify(buildId()) },
  plugins: [react(), serviceWorkerPlugin({ entry: fileURLToPath(new URL('./ui/service-worker/sw.ts', import.meta.url)) })],
  resolve: {
    // The worker needs Bottleneck's local scheduler only: `light.js` is its bundle without the
    // Redis clustering code (core-worker/request-scheduler.ts). Node outside Vite uses the full package.
    alias: [{ find: /^bottleneck$/, replacement: 'bottleneck/light.js' }],
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  worker: {
    format: 'es',
  },
  server: {
    port: 5173,
    // `npm run dev`: Vite serves the UI with hot reload; the API and socket go to the local server.
    proxy: {
      '/data': apiTarget,
      // Not all of /secure: /secure/confirmed/corporate/landing is one of the app's pages (spec 1 §8).
      '/secure/data': apiTarget,
      '/websocket': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
  test: {
    root: '.',
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, so every file ran in turn.
    // Most files spend much of their time waiting on servers, sockets and timers, so two side by side nearly
    // halve the suite there (698 s → 386 s on the 2-core CI machine, all 836 tests passing).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'plaza', include: ['{protocol,projections,core-worker,ui,server,fixtures,tests}/**/*.test.{ts,tsx}'] } },
      // With a test PostgreSQL (scripts/start-test-postgres.sh; .ci/run starts one), the server suite runs again on it.
      ...(process.env.PLAZA_TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: 'server-on-postgres', include: ['tests/server/**/*.test.ts'], env: { PLAZA_SERVER_DB: 'postgres' } } }]
        : []),
    ],
  },
});
