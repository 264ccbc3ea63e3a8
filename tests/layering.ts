/**
 * The import rules between Plaza's folders (../shared/STYLE.md), as a table.
 * `checkFile` reports every import a file may not make; tests/layering.test.ts
 * runs it over the tree.
 */
export interface FolderRule {
  /** Other top-level folders this one may import from. */
  folders: string[];
  /** Packages it may import (exact names or prefixes ending in '/'). */
  packages: string[];
  /** Source patterns that must not appear (I/O, clock, randomness). */
  forbidden?: { pattern: RegExp; why: string }[];
}

const NODE_BUILTIN = /^node:/;
const TEST_PACKAGES = ['vitest', '@testing-library/', 'fake-indexeddb', 'jsdom'];

export const RULES: Record<string, FolderRule> = {
  protocol: {
    folders: [],
    packages: ['zod'],
    forbidden: [
      { pattern: /\bfetch\(/, why: 'protocol/ holds schemas and types, no I/O' },
      { pattern: /new WebSocket\b/, why: 'protocol/ holds schemas and types, no I/O' },
    ],
  },
  projections: {
    folders: ['protocol'],
    packages: ['immer', 'luxon'],
    forbidden: [
      { pattern: /\bfetch\(|new WebSocket\b/, why: 'projections are pure folds: no I/O' },
      { pattern: /Date\.now\(|new Date\(\)/, why: 'projections read time from the event envelope only' },
      { pattern: /Math\.random\(/, why: 'randomness arrives in events, never in a fold' },
    ],
  },
  'core-worker': {
    folders: ['protocol', 'projections'],
    packages: ['comlink', 'idb', 'bottleneck', 'zod', 'immer', 'luxon', '@azure/msal-browser', '@microsoft/microsoft-graph-client', 'gapi-script', 'lib-jitsi-meet'],
  },
  ui: {
    folders: ['protocol'],
    packages: ['react', 'react-dom', 'react-dom/', 'react/', '@preact/signals-react', '@preact/signals-react/', '@tanstack/react-virtual', 'luxon', '@azure/msal-browser'],
  },
  server: { folders: ['protocol'], packages: ['@electric-sql/pglite', '@electric-sql/pglite/', 'pg', 'ws', 'zod'] },
  fixtures: { folders: ['protocol'], packages: [] },
};

/** The app-shell service worker, inside ui/ but a runtime of its own: it imports nothing from outside its folder. */
const SERVICE_WORKER = 'ui/service-worker/';

/** Only ui/client/ may talk to the worker (comlink, the worker module URL). */
const UI_CLIENT_ONLY = { folders: ['core-worker'], packages: ['comlink'] };

export interface Violation {
  file: string;
  specifier: string;
  why: string;
}

const IMPORT_PATTERNS = [
  /\bimport\s+(?:type\s+)?(?:[\w*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?[\w*{}\s,]+?\s+from\s+['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
];

export function importsOf(source: string): string[] {
  const found = new Set<string>();
  for (const pattern of IMPORT_PATTERNS) for (const match of source.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/**
 * What a module loads when it runs, statically: its imports and re-exports but the type-only ones
 * (`import type`, `export type`), which compile away, and dynamic `import()`s, which load later in
 * a chunk of their own.
 */
export function staticRuntimeImportsOf(source: string): string[] {
  const found = new Set<string>();
  const statement = /\b(import|export)\s+(type\s+)?(?:[\w*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(statement)) {
    if (match[2]) continue;
    found.add(match[3]!);
  }
  return [...found];
}

const topFolder = (path: string): string => path.split('/')[0]!;

function resolveRelative(fromFile: string, specifier: string): string {
  const parts = fromFile.split('/').slice(0, -1);
  for (const piece of specifier.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

const packageAllowed = (specifier: string, packages: string[]): boolean =>
  packages.some((p) => (p.endsWith('/') ? specifier.startsWith(p) : specifier === p));

/** Violations in one file, given its path relative to the project root and its source. */
export function checkFile(path: string, source: string): Violation[] {
  const folder = topFolder(path);
  const rule = RULES[folder];
  if (!rule) return []; // tests/, scripts/ and config may import anything
  // Test files, and test-support folders (e.g. ui/testing/), may also use the test packages.
  const isTest = /\.test\.tsx?$/.test(path) || path.includes('/testing/');
  const inUiClient = path.startsWith('ui/client/');
  const violations: Violation[] = [];
  for (const specifier of importsOf(source)) {
    if (path.startsWith(SERVICE_WORKER) && !isTest && !(specifier.startsWith('.') && resolveRelative(path, specifier).startsWith(SERVICE_WORKER))) {
      violations.push({ file: path, specifier, why: `${SERVICE_WORKER} is a runtime of its own (the app shell's cache): it imports nothing from outside its folder` });
      continue;
    }
    if (specifier.startsWith('.')) {
      const target = topFolder(resolveRelative(path, specifier));
      if (target === folder) continue;
      if (rule.folders.includes(target)) continue;
      if (inUiClient && UI_CLIENT_ONLY.folders.includes(target)) continue;
      if (isTest && target === 'tests') continue;
      violations.push({ file: path, specifier, why: `${folder}/ may not import from ${target}/` });
    } else {
      if (NODE_BUILTIN.test(specifier) && folder === 'server') continue;
      if (packageAllowed(specifier, rule.packages)) continue;
      if (inUiClient && UI_CLIENT_ONLY.packages.includes(specifier)) continue;
      if (isTest && packageAllowed(specifier, TEST_PACKAGES)) continue;
      violations.push({ file: path, specifier, why: `${folder}/ may not import the package ${specifier}` });
    }
  }
  if (!isTest) {
    for (const { pattern, why } of rule.forbidden ?? []) {
      const match = pattern.exec(source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''));
      if (match) violations.push({ file: path, specifier: match[0], why });
    }
  }
  return violations;
}
