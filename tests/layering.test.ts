import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, importsOf, RULES, staticRuntimeImportsOf } from './layering';

const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('import rules between folders (STYLE.md)', () => {
  it('holds for every source file', () => {
    const violations = Object.keys(RULES).flatMap((folder) =>
      sourceFiles(join(root, folder)).flatMap((file) => checkFile(relative(root, file).replaceAll('\\', '/'), readFileSync(file, 'utf8'))),
    );
    expect(violations).toEqual([]);
  });

  it('catches the imports it exists to forbid', () => {
    expect(checkFile('projections/x.ts', "import { openDB } from 'idb';")).toHaveLength(1);
    expect(checkFile('projections/x.ts', 'const t = Date.now();')).toHaveLength(1);
    expect(checkFile('ui/components/X.tsx', "import { createCore } from '../../core-worker/core';")).toHaveLength(1);
    expect(checkFile('ui/components/X.tsx', "import * as Comlink from 'comlink';")).toHaveLength(1);
    expect(checkFile('ui/client/connect.ts', "import * as Comlink from 'comlink';")).toEqual([]);
    // The service worker, inside ui/, imports nothing from outside its folder: not the page's code, not React.
    expect(checkFile('ui/service-worker/sw.ts', "import { routeOf } from './policy';")).toEqual([]);
    expect(checkFile('ui/service-worker/sw.ts', "import { createDrafts } from '../client/drafts';")).toHaveLength(1);
    expect(checkFile('ui/service-worker/sw.ts', "import { z } from 'zod';")).toHaveLength(1);
    expect(checkFile('ui/client/connect.ts', "new Worker(new URL('../../core-worker/worker.ts', import.meta.url))")).toEqual([]);
    expect(checkFile('core-worker/x.ts', "import { useState } from 'react';")).toHaveLength(1);
    expect(checkFile('ui/testing/render.tsx', "import { render } from '@testing-library/react';")).toEqual([]);
    expect(checkFile('ui/components/X.tsx', "import { render } from '@testing-library/react';")).toHaveLength(1);
    expect(checkFile('server/x.ts', "import { x } from '../core-worker/core';")).toHaveLength(1);
    expect(checkFile('protocol/x.ts', "export { y } from '../projections/fold';")).toHaveLength(1);
    expect(checkFile('protocol/x.ts', "import type { Y } from '../projections/fold';")).toHaveLength(1);
    // The benchmark's Redux baseline (bench/) is never part of the product.
    expect(checkFile('ui/components/X.tsx', "import { createBaselineStore } from '../../bench/baseline/state';")).toHaveLength(1);
    expect(checkFile('core-worker/x.ts', "import { makeBurst } from '../bench/burst';")).toHaveLength(1);
    expect(checkFile('ui/client/x.ts', "import { createSlice } from '@reduxjs/toolkit';")).toHaveLength(1);
    expect(checkFile('ui/components/X.tsx', "import { useSelector } from 'react-redux';")).toHaveLength(1);
  });

  it('keeps zod out of the page: the UI shows what the worker has validated', () => {
    // The modules the page runs, from its entry and the app chunk it loads (dynamic imports are chunks of their own).
    const reached = new Set<string>();
    const queue = ['ui/main.tsx', 'ui/mount.tsx'];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (reached.has(file)) continue;
      reached.add(file);
      for (const specifier of staticRuntimeImportsOf(readFileSync(join(root, file), 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const base = relative(root, join(root, dirname(file), specifier)).replaceAll('\\', '/');
        const next = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find((candidate) => existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile());
        if (next) queue.push(next);
      }
    }
    expect(reached.size).toBeGreaterThan(50);
    // Zod in the page's main chunk was 85 of its 580 kB (2026-11-26), pulled in by constants beside schemas.
    const withZod = [...reached].filter((file) => staticRuntimeImportsOf(readFileSync(join(root, file), 'utf8')).includes('zod'));
    expect(withZod).toEqual([]);
  });

  it('tells runtime imports from type-only ones', () => {
    const src = `import a from 'a';\nimport type { B } from 'b';\nimport { c, type C } from 'c';\nexport * from 'd';\nexport type { E } from 'e';\nconst f = await import('f');`;
    expect(staticRuntimeImportsOf(src).sort()).toEqual(['a', 'c', 'd']);
  });

  it('reads every import form', () => {
    const src = `import a from 'a';\nimport type { B } from 'b';\nimport 'c';\nexport { d } from 'd';\nconst e = await import('e');`;
    expect(importsOf(src).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
