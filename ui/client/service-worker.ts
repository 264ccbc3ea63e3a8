/// <reference types="vite/client" />
/**
 * Registers the app-shell service worker (ui/service-worker/sw.ts, built to /sw.js) so Plaza opens
 * without a network. Production builds only: the dev server and Vitest have no sw.js, and
 * `import.meta.env.PROD` is false there, so this compiles to nothing.
 */

/** Registers once the page has loaded, so installing (precaching ~1.5 MB) never competes with the start. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = (): void => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      // Plaza works without it (only not offline); e.g. a private window that refuses service workers.
      console.warn('Plaza could not register its service worker:', err);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
