/** The page registers the service worker in production builds only (ui/client/service-worker.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../../ui/client/service-worker';

afterEach(() => vi.unstubAllGlobals());

describe('registerServiceWorker', () => {
  it('registers nothing outside a production build (Vitest, the dev server)', () => {
    const register = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { serviceWorker: { register } });
    vi.stubGlobal('document', { readyState: 'complete' });
    expect(import.meta.env.PROD).toBe(false);
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
  });
});
