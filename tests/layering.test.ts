import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, importsOf, RULES } from './layering';

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

  it('reads every import form', () => {
    const src = `import a from 'a';\nimport type { B } from 'b';\nimport 'c';\nexport { d } from 'd';\nconst e = await import('e');`;
    expect(importsOf(src).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
