/**
 * Names of the failures a call can end in (protocol/rest/acceptance.ts makes them); the UI and the scheduler
 * branch on these. Zod-free, so the page can name them too (tests/layering.test.ts keeps zod out of the page).
 */
export const FAILURE = {
  unauthorized: 'Unauthorized', // 403 (or 401 on a secure call): go to /login?destination=…
  unconfirmed: 'Unconfirmed', // 418: go to the corporate landing page
  rateLimited: 'RateLimited', // 429: wait for Retry-After
  server: 'ServerError', // 5xx
  network: 'NetworkError',
  rejected: 'Rejected', // isOk false
  invalidResponse: 'InvalidResponse', // the body failed its schema
} as const;
