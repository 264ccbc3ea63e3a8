/**
 * The keys of the core's key-value store that a start reads first, in one round trip (features/session.ts
 * boot; early-views.ts reads them before the core has loaded). Constants only, importing nothing.
 */
export const DEVICE_KEY = 'device_guid';
export const CREDENTIALS_KEY = 'credentials';
/** The sidebar as last shown (view-cache.ts). */
export const VIEW_CACHE_KEY = 'view-cache';

export const BOOT_KEYS: readonly string[] = [DEVICE_KEY, CREDENTIALS_KEY, VIEW_CACHE_KEY];
