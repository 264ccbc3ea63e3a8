/** Serves the built client (dist/): files by path, index.html for SPA routes, never outside the root. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { sendText } from './http-util';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The app-shell service worker (dist/sw.js): served like index.html, `no-cache`, so a new build's is seen at once. */
const SERVICE_WORKER_PATH = '/sw.js';

export const NOT_BUILT_TEXT = 'Plaza server is running, but the client is not built. Run `npm run build` (or `npm start`, which builds first).\n';

export function serveStatic(staticDir: string | undefined, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method Not Allowed\n', { Allow: 'GET, HEAD' });
  const root = staticDir ? resolve(staticDir) : undefined;
  const index = root ? join(root, 'index.html') : undefined;
  if (!root || !index || !existsSync(index)) return sendText(res, pathname === '/' ? 200 : 404, NOT_BUILT_TEXT);

  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return sendText(res, 400, 'Bad Request\n');
  }
  if (decoded.includes('\0')) return sendText(res, 400, 'Bad Request\n');
  const target = resolve(root, `.${decoded}`);
  if (target !== root && !target.startsWith(root + sep)) return sendText(res, 404, 'Not Found\n');

  const file = isFile(target) ? target : undefined;
  if (file) {
    const immutable = decoded.startsWith('/assets/');
    return sendFile(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  }
  // A missing asset is a real 404: answering HTML for a script only hides the error. For the service
  // worker it also matters: a 404 for /sw.js unregisters one already installed (a build without it),
  // where index.html would only fail its update check and leave it in place.
  if (decoded.startsWith('/assets/') || decoded === SERVICE_WORKER_PATH) return sendText(res, 404, 'Not Found\n');
  return sendFile(req, res, index, 'no-cache');
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function sendFile(req: IncomingMessage, res: ServerResponse, path: string, cacheControl: string): void {
  const size = statSync(path).size;
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(size),
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') return void res.end();
  const stream = createReadStream(path);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
