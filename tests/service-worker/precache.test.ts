/** The precache list and version the build writes into sw.js (scripts/service-worker-plugin.ts). */
import { describe, expect, it } from 'vitest';
import { precacheManifest, type BuiltFile } from '../../scripts/service-worker-plugin';

const BUILD: BuiltFile[] = [
  { fileName: 'index.html', source: '<script type="module" src="/assets/index-Ch6bl07l.js"></script>' },
  { fileName: 'assets/mount-VeATWbVv.js', source: 'export const mount = 1;' },
  { fileName: 'assets/mount-VeATWbVv.js.map', source: '{"version":3}' },
  { fileName: 'assets/index-Ch6bl07l.js', source: 'import("./mount-VeATWbVv.js")' },
  { fileName: 'assets/worker-BIZ55vbd.js', source: new TextEncoder().encode('self.onmessage = () => {};') },
  { fileName: 'assets/index-B3cYKsWC.css', source: 'body{}' },
  { fileName: 'sw.js', source: 'self.addEventListener("fetch", () => {})' },
];

describe('precacheManifest', () => {
  it('lists every built file but source maps and the service worker, as sorted root paths', () => {
    expect(precacheManifest(BUILD).files).toEqual([
      '/assets/index-B3cYKsWC.css',
      '/assets/index-Ch6bl07l.js',
      '/assets/mount-VeATWbVv.js',
      '/assets/worker-BIZ55vbd.js',
      '/index.html',
    ]);
  });

  it('has a version that follows the files, not the order they were emitted in', () => {
    const { version } = precacheManifest(BUILD);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(precacheManifest([...BUILD].reverse()).version).toBe(version);
    // index.html is not hashed by name: a change to it alone is a new version.
    const edited = BUILD.map((file) => (file.fileName === 'index.html' ? { ...file, source: `${String(file.source)}<title>Plaza</title>` } : file));
    expect(precacheManifest(edited).version).not.toBe(version);
    const renamed = BUILD.map((file) => (file.fileName === 'assets/worker-BIZ55vbd.js' ? { ...file, fileName: 'assets/worker-Zz99xx00.js' } : file));
    expect(precacheManifest(renamed).version).not.toBe(version);
    // Neither source maps nor sw.js count: sw.js holds the version.
    const remapped = BUILD.map((file) => (file.fileName.endsWith('.map') || file.fileName === 'sw.js' ? { ...file, source: 'changed' } : file));
    expect(precacheManifest(remapped).version).toBe(version);
  });
});
