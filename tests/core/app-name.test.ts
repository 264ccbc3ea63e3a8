/** The build a recording names (core-worker/app-name.ts): the client version, and the build when one is defined. */
import { describe, expect, it } from 'vitest';
import { appName } from '../../core-worker/app-name';
import { CLIENT_VERSION } from '../../protocol/version';
import { SessionHeader } from '../../protocol/session-file';

describe('the app a recording names', () => {
  it('is the client version and the build, within what a header may hold', () => {
    expect(appName('4770c9a1b2')).toBe(`plaza-web ${CLIENT_VERSION}+4770c9a1b2`);
    expect(appName('4770c9a1b2.modified')).toBe(`plaza-web ${CLIENT_VERSION}+4770c9a1b2.modified`);
    expect(SessionHeader.shape.app.safeParse(appName('built.20261127T171000Z')).success).toBe(true);
  });

  it('is the build Vite defines for this checkout (vite.config.ts), under Vitest as in the built app', () => {
    expect(appName()).toMatch(new RegExp(`^plaza-web ${CLIENT_VERSION.replace(/\./g, '\\.')}\\+([0-9a-f]{10}(\\.modified)?|built\\.\\d{8}T\\d{6}Z)$`));
  });
});
