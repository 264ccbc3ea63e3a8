/** Without a built client, GET / explains how to build it. */
import { describe, expect, it } from 'vitest';
import { createPlazaServer } from '../../server/app';

describe('static files without dist/', () => {
  it('answers GET / with a hint to run npm run build', async () => {
    const server = await createPlazaServer({ port: 0, staticDir: '/nonexistent/plaza-dist', seed: false });
    try {
      const res = await fetch(`${server.url}/`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('npm run build');
    } finally {
      await server.close();
    }
  }, 60_000); // starts its own server(s): slow on a loaded machine
});
