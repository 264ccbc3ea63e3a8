/**
 * The build a recording names as its `app` (a session file's header; the `by` of an unsealed footer, the
 * build whose replay did not reach its end): the client version and, in a built app, the build — the commit it
 * was built from (`.modified` when the tree had changes), or when it was built (vite.config.ts defines
 * `__PLAZA_BUILD__`). A developer handed a session replays it on the build its header names; the version alone
 * (it was "plaza-web 0.1.0" for every build until 2026-11-27) did not say which.
 */
import { CLIENT_VERSION } from '../protocol/version';

declare const __PLAZA_BUILD__: string | undefined;

/** "plaza-web 0.5.0+4770c9a1b2", or "plaza-web 0.5.0" where nothing defined the build (Node, tests). */
export function appName(build: string | undefined = typeof __PLAZA_BUILD__ === 'string' ? __PLAZA_BUILD__ : undefined): string {
  return `plaza-web ${CLIENT_VERSION}${build ? `+${build}` : ''}`;
}
