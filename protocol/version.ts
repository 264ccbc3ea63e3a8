/**
 * Versions of the client and the server, and the version-upgrade rule of
 * spec 1 §4: the 'New version available' alert (1002) appears 5 minutes after
 * the client learns that the server is newer than the client and the latest
 * release is newer too (the delay lets a fresh release reach every server
 * before people are asked to reload). A server newer than a client that is
 * already the latest release has nothing to offer: no alert.
 */

/** This build's version; the server reports its own through env_data. */
export const CLIENT_VERSION = '0.5.0';

/** Spec 1 §4: the upgrade alert is delayed 5 minutes. */
export const UPGRADE_ALERT_DELAY_MS = 5 * 60_000;

/** Compares dotted numeric versions ("1.10.2" > "1.9"); a missing or non-numeric part counts as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = Number.parseInt(pa[i] ?? '0', 10) || 0;
    const y = Number.parseInt(pb[i] ?? '0', 10) || 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Whether to offer an upgrade (after the delay). */
export function upgradeAvailable(client: string, server: string, latestRelease: string): boolean {
  return compareVersions(server, client) > 0 && compareVersions(latestRelease, client) > 0;
}
