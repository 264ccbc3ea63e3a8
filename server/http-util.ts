/** Small helpers for node:http: JSON bodies with a size limit, JSON replies, rejections. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { RejectionBody } from '../protocol/rest/acceptance';

export const BODY_LIMIT_BYTES = 1_048_576;

/** An expected refusal: becomes `status` with a Rejection body, and a log line. */
export class HttpRejection extends Error {
  override name = 'HttpRejection';
  constructor(
    readonly status: number,
    readonly body: RejectionBody,
  ) {
    super(body.message ?? `HTTP ${status}`);
  }
}

export const reject = (status: number, message: string, results?: Record<string, string>): HttpRejection =>
  new HttpRejection(status, {
    isOk: false,
    message,
    ...(results ? { results: Object.fromEntries(Object.entries(results).map(([field, m]) => [field, { isOk: false, message: m }])) } : {}),
  });

/** The per-field results of a failed request schema, first message per field. */
export function validationRejection(error: z.ZodError): HttpRejection {
  const results: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    results[field] ??= issue.message;
  }
  const message = Object.entries(results)
    .map(([field, m]) => `${field}: ${m}`)
    .join('; ');
  return reject(400, message, results);
}

/** Reads a JSON body. An empty body counts as `{}`. Rejects with 413 past the limit and 400 on bad JSON. */
export function readJsonBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<unknown> {
  return new Promise((resolve, rejectPromise) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      return rejectPromise(reject(413, 'The request body is larger than 1 MB.'));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        rejectPromise(reject(413, 'The request body is larger than 1 MB.'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', (err) => rejectPromise(err));
    req.on('end', () => {
      if (tooLarge) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve({});
      try {
        resolve(JSON.parse(text) as unknown);
      } catch {
        rejectPromise(reject(400, 'The request body is not valid JSON.', { body: 'The request body is not valid JSON.' }));
      }
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}
