/**
 * Builds Plaza's app-shell service worker (service-worker/sw.ts) into dist/sw.js at the end of a
 * production build, with the list of files to precache and a version hashed from them. Hand-written
 * rather than Workbox: the worker is ~100 lines and needs only this list (docs/architecture.md).
 */
import { createHash } from 'node:crypto';
import { build, type Plugin } from 'vite';

/** Where the service worker is served: the root, so its scope is the whole app without Service-Worker-Allowed. */
export const SERVICE_WORKER_FILE = 'sw.js';

export interface BuiltFile {
  /** Relative to the output folder, e.g. 'assets/worker-BIZ55vbd.js', 'index.html'. */
  fileName: string;
  source: string | Uint8Array;
}

export interface PrecacheManifest {
  /** Changes whenever any precached file does; names the version's cache. */
  version: string;
  /** Root-relative paths, sorted: '/assets/…', '/index.html'. */
  files: string[];
}

/**
 * What the service worker precaches: every file of the build — index.html, the page's chunks, the
 * core worker, the debugger's workers, the CSS — but source maps (more than the rest together, and
 * only DevTools asks for them) and the service worker itself.
 */
export function precacheManifest(files: readonly BuiltFile[]): PrecacheManifest {
  const kept = files
    .filter((file) => !file.fileName.endsWith('.map') && file.fileName !== SERVICE_WORKER_FILE)
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  const hash = createHash('sha256');
  for (const file of kept) hash.update(file.fileName).update('\0').update(file.source).update('\0');
  return { version: hash.digest('hex').slice(0, 16), files: kept.map((file) => `/${file.fileName}`) };
}

/** The Vite plugin: after every other plugin has emitted its files (index.html, the workers), emits sw.js. */
export function serviceWorkerPlugin(options: { entry: string }): Plugin {
  return {
    name: 'plaza:service-worker',
    // Never in the dev server (nor in Vitest, which does not build): there is no service worker there.
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_output, bundle) {
        const manifest = precacheManifest(Object.values(bundle).map((file) => ({ fileName: file.fileName, source: file.type === 'chunk' ? file.code : file.source })));
        this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: await bundleServiceWorker(options.entry, manifest) });
      },
    },
  };
}

/** One classic script (an IIFE, no imports): module service workers are not everywhere yet. */
async function bundleServiceWorker(entry: string, manifest: PrecacheManifest): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: { __PLAZA_SHELL__: JSON.stringify(manifest) },
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: false,
      target: 'es2022',
      lib: { entry, formats: ['iife'], name: 'plazaServiceWorker', fileName: () => SERVICE_WORKER_FILE },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    for (const file of result.output) if (file.type === 'chunk' && file.isEntry) return file.code;
  }
  throw new Error('the service worker build produced no script');
}
